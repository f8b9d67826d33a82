package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.kube.StartupProgress.State;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where a pod's startup probe stands, from its spec and the status the kubelet wrote. */
public class StartupProgressTest {
  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

  /** 30 s delay, then up to 60 failures 10 s apart: 630 s to load a model. */
  public static final Probe LOADING_PROBE =
      new ProbeBuilder()
          .withInitialDelaySeconds(30)
          .withPeriodSeconds(10)
          .withFailureThreshold(60)
          .withNewHttpGet()
          .withPath("/health")
          .withNewPort(8080)
          .endHttpGet()
          .build();

  static Pod pod(Probe probe, ContainerStatus status, boolean ready) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("glm-0")
        .withCreationTimestamp("2026-12-01T09:50:00Z")
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("engine")
        .withImage("engine:1")
        .withStartupProbe(probe)
        .endContainer()
        .endSpec()
        .withNewStatus()
        .withPhase("Running")
        .addNewCondition()
        .withType("Ready")
        .withStatus(ready ? "True" : "False")
        .withMessage(ready ? "" : "containers with unready status: [engine]")
        .endCondition()
        .withContainerStatuses(status)
        .endStatus()
        .build();
  }

  /** The engine container running since {@code startedAt}, its startup probe passed or not. */
  public static ContainerStatus runningSince(String startedAt, boolean started) {
    return new ContainerStatusBuilder()
        .withName("engine")
        .withImage("registry.invalid/engine:1")
        .withImageID("")
        .withStarted(started)
        .withReady(false)
        .withRestartCount(0)
        .withNewState()
        .withNewRunning()
        .withStartedAt(startedAt)
        .endRunning()
        .endState()
        .build();
  }

  static ContainerStatus waiting(String reason, int restarts) {
    return new ContainerStatusBuilder()
        .withName("engine")
        .withStarted(false)
        .withRestartCount(restarts)
        .withNewState()
        .withNewWaiting()
        .withReason(reason)
        .endWaiting()
        .endState()
        .withNewLastState()
        .withNewTerminated()
        .withStartedAt("2026-12-01T09:40:00Z")
        .withFinishedAt("2026-12-01T09:50:30Z")
        .withExitCode(137)
        .endTerminated()
        .endLastState()
        .build();
  }

  @Test
  void aContainerWithinItsProbeBudgetIsLoadingWithItsElapsedTimeAndBudget() {
    Optional<StartupProgress> progress =
        StartupProgress.of(
            pod(LOADING_PROBE, runningSince("2026-12-01T09:58:00Z", false), false), NOW);

    assertThat(progress).contains(new StartupProgress(State.LOADING, "engine", 120, 630));
  }

  @Test
  void aContainerPastItsProbeBudgetIsFailing() {
    Optional<StartupProgress> progress =
        StartupProgress.of(
            pod(LOADING_PROBE, runningSince("2026-12-01T09:48:00Z", false), false), NOW);

    assertThat(progress).contains(new StartupProgress(State.FAILING, "engine", 720, 630));
  }

  @Test
  void aProbeLeavingOutItsTimingsGetsKubernetesDefaults() {
    Probe bare = new ProbeBuilder().withNewTcpSocket().withNewPort(8080).endTcpSocket().build();

    Optional<StartupProgress> progress =
        StartupProgress.of(pod(bare, runningSince("2026-12-01T09:59:50Z", false), false), NOW);

    assertThat(progress).contains(new StartupProgress(State.LOADING, "engine", 10, 30));
  }

  @Test
  void aContainerRestartedAndWaitingIsFailingWithHowLongItsLastAttemptRan() {
    Optional<StartupProgress> progress =
        StartupProgress.of(pod(LOADING_PROBE, waiting("CrashLoopBackOff", 2), false), NOW);

    assertThat(progress).contains(new StartupProgress(State.FAILING, "engine", 630, 630));
  }

  @Test
  void aContainerStillBeingCreatedIsLoadingAndOneWhoseImageWillNotPullIsFailing() {
    assertThat(StartupProgress.of(pod(LOADING_PROBE, waiting("ContainerCreating", 0), false), NOW))
        .map(StartupProgress::state)
        .contains(State.LOADING);
    assertThat(StartupProgress.of(pod(LOADING_PROBE, waiting("ImagePullBackOff", 0), false), NOW))
        .map(StartupProgress::state)
        .contains(State.FAILING);
  }

  @Test
  void aPassedStartupProbeOnAPodNotYetReadyReadsReady() {
    Optional<StartupProgress> progress =
        StartupProgress.of(
            pod(LOADING_PROBE, runningSince("2026-12-01T09:50:00Z", true), false), NOW);

    assertThat(progress).contains(new StartupProgress(State.READY, "engine", 600, 630));
  }

  @Test
  void aReadyPodAndAPodWithoutStartupProbeReportNoProgress() {
    assertThat(
            StartupProgress.of(
                pod(LOADING_PROBE, runningSince("2026-12-01T09:50:00Z", true), true), NOW))
        .isEmpty();
    assertThat(
            StartupProgress.of(pod(null, runningSince("2026-12-01T09:59:00Z", false), false), NOW))
        .isEmpty();
  }

  @Test
  void aNotReadyPodSaysWhyFromItsWaitingContainerElseItsReadyCondition() {
    PodView crashing = PodView.of(pod(LOADING_PROBE, waiting("CrashLoopBackOff", 2), false), NOW);
    PodView loading =
        PodView.of(pod(LOADING_PROBE, runningSince("2026-12-01T09:58:00Z", false), false), NOW);

    assertThat(crashing.message()).isEqualTo("engine: CrashLoopBackOff; last exit 137");
    assertThat(crashing.restarts()).isEqualTo(2);
    assertThat(crashing.ageSeconds()).isEqualTo(600);
    assertThat(loading.message()).isEqualTo("containers with unready status: [engine]");
    assertThat(loading.startup().state()).isEqualTo(State.LOADING);
  }
}
