package dev.modelsphere.swiss.kube;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.util.List;
import java.util.Optional;

/**
 * How far a pod has come on its way to serving, and when, so a 20-40 minute model load can be
 * watched step by step: scheduled, image pulled, engine started, startup probe passing, ready.
 * Times are RFC 3339 as the API server gave them; a step not reached, or whose time Kubernetes does
 * not keep, has none.
 *
 * @param createdAt when the pod was created
 * @param scheduledAt when the scheduler bound it to a node
 * @param imagePulled the engine's image is on the node: the container has run, or the kubelet
 *     recorded its image id. Kubernetes keeps no time for the pull outside events.
 * @param startedAt when the engine container's current (or last) run started
 * @param startupPassed the engine's startup probe passed (or a ready pod, which has passed it)
 * @param readyAt when the pod last became ready; absent while it is not
 */
public record PodMilestones(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String createdAt,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String scheduledAt,
    boolean imagePulled,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String startedAt,
    boolean startupPassed,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String readyAt) {

  public static PodMilestones of(Pod pod) {
    boolean ready = PodView.isReady(pod);
    Optional<ContainerStatus> engine = engine(pod);
    ContainerState state = engine.map(ContainerStatus::getState).orElse(null);
    ContainerState last = engine.map(ContainerStatus::getLastState).orElse(null);
    boolean ran =
        state != null && (state.getRunning() != null || state.getTerminated() != null)
            || last != null && last.getTerminated() != null;
    return new PodMilestones(
        pod.getMetadata() == null ? "" : Nulls.orEmpty(pod.getMetadata().getCreationTimestamp()),
        trueSince(pod, "PodScheduled"),
        ready || ran || engine.map(s -> !Nulls.orEmpty(s.getImageID()).isEmpty()).orElse(false),
        started(state, last),
        ready || engine.map(s -> Boolean.TRUE.equals(s.getStarted())).orElse(false),
        ready ? trueSince(pod, "Ready") : "");
  }

  /**
   * The container that serves: the first with a startup probe, as {@link StartupProgress} reads it,
   * else the first.
   */
  private static Optional<ContainerStatus> engine(Pod pod) {
    List<Container> containers = pod.getSpec() == null ? List.of() : pod.getSpec().getContainers();
    String name =
        containers.stream()
            .filter(c -> c.getStartupProbe() != null)
            .findFirst()
            .or(() -> containers.stream().findFirst())
            .map(Container::getName)
            .orElse("");
    List<ContainerStatus> statuses =
        pod.getStatus() == null ? null : pod.getStatus().getContainerStatuses();
    return statuses == null
        ? Optional.empty()
        : statuses.stream().filter(s -> name.equals(s.getName())).findFirst();
  }

  private static String started(ContainerState state, ContainerState last) {
    if (state != null && state.getRunning() != null) {
      return Nulls.orEmpty(state.getRunning().getStartedAt());
    }
    if (state != null && state.getTerminated() != null) {
      return Nulls.orEmpty(state.getTerminated().getStartedAt());
    }
    if (last != null && last.getTerminated() != null) {
      return Nulls.orEmpty(last.getTerminated().getStartedAt());
    }
    return "";
  }

  private static String trueSince(Pod pod, String type) {
    List<PodCondition> conditions =
        pod.getStatus() == null ? null : pod.getStatus().getConditions();
    if (conditions == null) {
      return "";
    }
    return conditions.stream()
        .filter(c -> type.equals(c.getType()) && "True".equals(c.getStatus()))
        .map(c -> Nulls.orEmpty(c.getLastTransitionTime()))
        .findFirst()
        .orElse("");
  }
}
