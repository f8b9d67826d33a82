package dev.modelsphere.swiss.kube;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.modelsphere.swiss.values.Nulls;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Probe;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How far a not-yet-ready pod's startup probe has got: a model loading its weights for twenty
 * minutes is {@code loading}, not broken, until its probe's budget is spent.
 *
 * @param container the container whose startup probe this is
 * @param elapsedSeconds how long the container has been starting: since it started, or how long its
 *     last attempt ran when it is no longer running
 * @param budgetSeconds what its startup probe allows: {@code initialDelaySeconds + failureThreshold
 *     x periodSeconds}
 */
public record StartupProgress(
    State state, String container, long elapsedSeconds, long budgetSeconds) {

  /** Where the startup stands. */
  public enum State {
    /** Still within the probe's budget (or not started yet): wait. */
    LOADING("loading"),
    /** Over budget, crashed, or stuck before it could start: look at it. */
    FAILING("failing"),
    /** The startup probe passed; the pod waits on its readiness probe. */
    READY("ready");

    private final String wireName;

    State(String wireName) {
      this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
      return wireName;
    }
  }

  // Kubernetes' defaults for a probe that leaves these out.
  private static final int DEFAULT_PERIOD = 10;
  private static final int DEFAULT_FAILURE_THRESHOLD = 3;

  /** Waiting reasons on the normal way to a start; any other waiting reason is a failure. */
  private static final Set<String> ON_THE_WAY = Set.of("", "ContainerCreating", "PodInitializing");

  /**
   * The progress of the first container whose startup probe has not passed; when every startup
   * probe passed, {@link State#READY}. Empty for a ready pod and for one without startup probes.
   */
  public static Optional<StartupProgress> of(Pod pod, Instant now) {
    if (PodView.isReady(pod)) {
      return Optional.empty();
    }
    StartupProgress passed = null;
    for (Container container : pod.getSpec().getContainers()) {
      Probe probe = container.getStartupProbe();
      if (probe == null) {
        continue;
      }
      ContainerStatus status = statusOf(pod, container.getName());
      long budget = budget(probe);
      if (status != null && Boolean.TRUE.equals(status.getStarted())) {
        if (passed == null) {
          passed = new StartupProgress(State.READY, container.getName(), ran(status, now), budget);
        }
        continue;
      }
      return Optional.of(starting(container.getName(), status, budget, now));
    }
    return Optional.ofNullable(passed);
  }

  private static StartupProgress starting(
      String container, ContainerStatus status, long budget, Instant now) {
    ContainerState state = status == null ? null : status.getState();
    if (state == null) {
      return new StartupProgress(State.LOADING, container, 0, budget);
    }
    if (state.getRunning() != null) {
      long elapsed = seconds(state.getRunning().getStartedAt(), now);
      return new StartupProgress(
          elapsed <= budget ? State.LOADING : State.FAILING, container, elapsed, budget);
    }
    if (state.getWaiting() != null) {
      String reason = Nulls.orEmpty(state.getWaiting().getReason());
      boolean firstStart = status.getRestartCount() == null || status.getRestartCount() == 0;
      boolean loading = firstStart && ON_THE_WAY.contains(reason);
      return new StartupProgress(
          loading ? State.LOADING : State.FAILING, container, lastRun(status), budget);
    }
    return new StartupProgress(State.FAILING, container, ran(state.getTerminated()), budget);
  }

  private static long budget(Probe probe) {
    int delay = probe.getInitialDelaySeconds() == null ? 0 : probe.getInitialDelaySeconds();
    int period = orDefault(probe.getPeriodSeconds(), DEFAULT_PERIOD);
    int threshold = orDefault(probe.getFailureThreshold(), DEFAULT_FAILURE_THRESHOLD);
    return delay + (long) threshold * period;
  }

  private static int orDefault(Integer value, int fallback) {
    return value == null || value <= 0 ? fallback : value;
  }

  private static ContainerStatus statusOf(Pod pod, String container) {
    List<ContainerStatus> statuses =
        pod.getStatus() == null ? null : pod.getStatus().getContainerStatuses();
    if (statuses == null) {
      return null;
    }
    return statuses.stream().filter(s -> container.equals(s.getName())).findFirst().orElse(null);
  }

  /** Seconds since a running container started. */
  private static long ran(ContainerStatus status, Instant now) {
    ContainerState state = status.getState();
    return state != null && state.getRunning() != null
        ? seconds(state.getRunning().getStartedAt(), now)
        : 0;
  }

  /** How long the previous attempt ran before it ended; 0 when there was none. */
  private static long lastRun(ContainerStatus status) {
    ContainerState last = status.getLastState();
    return last == null ? 0 : ran(last.getTerminated());
  }

  private static long ran(ContainerStateTerminated terminated) {
    if (terminated == null || terminated.getFinishedAt() == null) {
      return 0;
    }
    return seconds(terminated.getStartedAt(), Instant.parse(terminated.getFinishedAt()));
  }

  static long seconds(String since, Instant now) {
    if (since == null || since.isEmpty()) {
      return 0;
    }
    return Math.max(0, Duration.between(Instant.parse(since), now).toSeconds());
  }
}
