package dev.modelsphere.swiss.deploy.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.view.Rollout.Phase;
import dev.modelsphere.swiss.kube.PodMilestones;
import dev.modelsphere.swiss.kube.PodView;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RolloutTest {

  private static StatusReport status(PodView... pods) {
    int ready = (int) List.of(pods).stream().filter(PodView::ready).count();
    return StatusReportBuilder.builder()
        .release("qwen")
        .namespace("models")
        .exists(true)
        .pods(List.of(pods))
        .ready(ready)
        .total(pods.length)
        .build();
  }

  private static PodView pod(String name, String phase, boolean ready, int restarts, String why) {
    return new PodView(
        name,
        phase,
        ready,
        restarts,
        "",
        why,
        30,
        null,
        0,
        new PodMilestones("", "", false, "", false, ""));
  }

  @Test
  void everyPodReadyIsReady() {
    Rollout rollout =
        Rollout.of(
            status(pod("qwen-0", "Running", true, 0, ""), pod("qwen-1", "Running", true, 0, "")));

    assertThat(rollout.phase()).isEqualTo(Phase.READY);
    assertThat(rollout.summary()).isEqualTo("2/2 pods ready");
  }

  @Test
  void aPodNoNodeCanTakeFailsNamingTheScarceResources() {
    String scheduler =
        "0/4 nodes are available: 2 Insufficient nvidia.com/gpu, 4 Insufficient memory."
            + " preemption: 0/4 nodes are available.";

    Rollout rollout = Rollout.of(status(pod("qwen-0", "Pending", false, 0, scheduler)));

    assertThat(rollout.phase()).isEqualTo(Phase.FAILED);
    assertThat(rollout.summary())
        .startsWith(
            "pod qwen-0 cannot be scheduled (not enough nvidia.com/gpu, memory on any node)")
        .endsWith(scheduler);
  }

  @Test
  void aCrashLoopingContainerFailsWithItsRestarts() {
    Rollout rollout =
        Rollout.of(
            status(pod("qwen-0", "Running", false, 5, "engine: CrashLoopBackOff: back-off 5m0s")));

    assertThat(rollout.phase()).isEqualTo(Phase.FAILED);
    assertThat(rollout.summary())
        .contains("qwen-0 keeps crashing (5 restarts)", "CrashLoopBackOff");
  }

  @Test
  void pullingAndLoadingAreProgressNamingWhatEachPodDoes() {
    Rollout rollout =
        Rollout.of(
            status(
                pod("qwen-0", "Running", true, 0, ""),
                pod("qwen-1", "Pending", false, 0, "engine: ContainerCreating")));

    assertThat(rollout.phase()).isEqualTo(Phase.PROGRESSING);
    assertThat(rollout.summary())
        .isEqualTo("ready 1/2; qwen-1: Pending, engine: ContainerCreating");
  }

  @Test
  void noPodsYetIsProgress() {
    assertThat(Rollout.of(status()).phase()).isEqualTo(Phase.PROGRESSING);
    assertThat(Rollout.of(status()).summary()).isEqualTo("waiting for pods");
  }

  @Test
  void aCrashLoopingEngineIsReportedWithTheLastLineItLogged() {
    Pod crashing =
        new PodBuilder()
            .withNewMetadata()
            .withName("qwen-0")
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName("engine")
            .endContainer()
            .endSpec()
            .withNewStatus()
            .withPhase("Running")
            .addNewContainerStatus()
            .withName("engine")
            .withRestartCount(4)
            .withNewState()
            .withNewWaiting()
            .withReason("CrashLoopBackOff")
            .withMessage("back-off 1m20s restarting failed container=engine")
            .endWaiting()
            .endState()
            .withNewLastState()
            .withNewTerminated()
            .withExitCode(1)
            .withReason("Error")
            .withMessage(
                "Loading safetensors checkpoint shards: 0%\n"
                    + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
            .endTerminated()
            .endLastState()
            .endContainerStatus()
            .endStatus()
            .build();

    Rollout rollout = Rollout.of(status(PodView.of(crashing, Instant.now())));

    assertThat(rollout.phase()).isEqualTo(Phase.FAILED);
    assertThat(rollout.summary())
        .startsWith("pod qwen-0 keeps crashing (4 restarts): engine: CrashLoopBackOff")
        .endsWith(
            "; last exit 1 (Error): torch.OutOfMemoryError: CUDA out of memory."
                + " Tried to allocate 2.00 GiB");
  }
}
