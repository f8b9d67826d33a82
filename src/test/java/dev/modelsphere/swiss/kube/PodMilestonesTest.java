package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A pod's way to serving, read from the conditions and container status the kubelet wrote. */
class PodMilestonesTest {
  private static final String CREATED = "2026-12-01T09:50:00Z";
  private static final String SCHEDULED = "2026-12-01T09:50:02Z";
  private static final String STARTED = "2026-12-01T09:51:30Z";
  private static final String READY = "2026-12-01T10:05:00Z";

  private static Pod pod(ContainerStatus engine, boolean scheduled, boolean ready) {
    PodBuilder pod =
        new PodBuilder()
            .withNewMetadata()
            .withName("glm-0")
            .withCreationTimestamp(CREATED)
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName("sidecar")
            .endContainer()
            .addNewContainer()
            .withName("engine")
            .withStartupProbe(StartupProgressTest.LOADING_PROBE)
            .withNewResources()
            .withLimits(Map.of("nvidia.com/gpu", new Quantity("2")))
            .endResources()
            .endContainer()
            .endSpec()
            .withNewStatus()
            .withPhase(scheduled ? "Running" : "Pending")
            .addNewCondition()
            .withType("PodScheduled")
            .withStatus(scheduled ? "True" : "False")
            .withLastTransitionTime(SCHEDULED)
            .endCondition()
            .addNewCondition()
            .withType("Ready")
            .withStatus(ready ? "True" : "False")
            .withLastTransitionTime(READY)
            .endCondition()
            .endStatus();
    if (engine != null) {
      pod.editStatus().withContainerStatuses(engine).endStatus();
    }
    return pod.build();
  }

  private static ContainerStatus pulling() {
    return new ContainerStatusBuilder()
        .withName("engine")
        .withImageID("")
        .withStarted(false)
        .withNewState()
        .withNewWaiting()
        .withReason("ContainerCreating")
        .endWaiting()
        .endState()
        .build();
  }

  @Test
  void aPendingPodHasOnlyBeenCreated() {
    PodMilestones milestones = PodMilestones.of(pod(null, false, false));

    assertThat(milestones).isEqualTo(new PodMilestones(CREATED, "", false, "", false, ""));
  }

  @Test
  void aScheduledPodPullingItsImageHasNotStarted() {
    PodMilestones milestones = PodMilestones.of(pod(pulling(), true, false));

    assertThat(milestones).isEqualTo(new PodMilestones(CREATED, SCHEDULED, false, "", false, ""));
  }

  @Test
  void aLoadingEngineHasItsImageAndStartTimeButNoPassedProbe() {
    PodMilestones milestones =
        PodMilestones.of(pod(StartupProgressTest.runningSince(STARTED, false), true, false));

    assertThat(milestones)
        .isEqualTo(new PodMilestones(CREATED, SCHEDULED, true, STARTED, false, ""));
  }

  @Test
  void aReadyPodHasPassedEveryStepWithTheTimeItBecameReady() {
    PodMilestones milestones =
        PodMilestones.of(pod(StartupProgressTest.runningSince(STARTED, true), true, true));

    assertThat(milestones)
        .isEqualTo(new PodMilestones(CREATED, SCHEDULED, true, STARTED, true, READY));
  }

  @Test
  void thePodViewCarriesTheMilestonesAndTheGpusAsked() {
    PodView view =
        PodView.of(
            pod(StartupProgressTest.runningSince(STARTED, false), true, false),
            Instant.parse("2026-12-01T10:00:00Z"));

    assertThat(view.gpus()).isEqualTo(2);
    assertThat(view.milestones().startedAt()).isEqualTo(STARTED);
  }
}
