package dev.modelsphere.swiss.kube;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStateWaiting;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One pod of a release as its status lists it.
 *
 * @param ready the pod's Ready condition is true
 * @param restarts over all its containers
 * @param message why the pod is not ready, when it is not: a waiting container's reason (and how
 *     its last run ended, when it ran before), else the scheduler's, else the Ready condition's
 *     message
 * @param startup how far a not-ready pod's startup probe has got
 * @param gpus the GPUs the pod asks for, over its containers and the well-known GPU resources; 0
 *     for a pod that asks for none (which a GPU model's pod should not)
 * @param milestones its way from created to ready, with the times Kubernetes keeps; null where a
 *     pod is read back from a server's answer, which the CLI follows by its counts alone
 */
public record PodView(
    String name,
    String phase,
    boolean ready,
    int restarts,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String node,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String message,
    long ageSeconds,
    @JsonInclude(JsonInclude.Include.NON_NULL) StartupProgress startup,
    int gpus,
    @JsonInclude(JsonInclude.Include.NON_NULL) PodMilestones milestones) {

  /** Requests are read for the resources every site has; a site's own extra ones are not. */
  private static final GpuResources GPU_RESOURCES = GpuResources.defaults();

  public static PodView of(Pod pod, Instant now) {
    boolean ready = isReady(pod);
    return new PodView(
        pod.getMetadata().getName(),
        pod.getStatus() == null ? "" : Nulls.orEmpty(pod.getStatus().getPhase()),
        ready,
        statuses(pod).stream()
            .mapToInt(s -> s.getRestartCount() == null ? 0 : s.getRestartCount())
            .sum(),
        pod.getSpec() == null ? "" : Nulls.orEmpty(pod.getSpec().getNodeName()),
        ready ? "" : notReadyBecause(pod),
        StartupProgress.seconds(pod.getMetadata().getCreationTimestamp(), now),
        StartupProgress.of(pod, now).orElse(null),
        pod.getSpec() == null ? 0 : GPU_RESOURCES.podGpus(pod),
        PodMilestones.of(pod));
  }

  static boolean isReady(Pod pod) {
    return condition(pod, "Ready").map(c -> "True".equals(c.getStatus())).orElse(false);
  }

  private static String notReadyBecause(Pod pod) {
    for (ContainerStatus status : statuses(pod)) {
      ContainerStateWaiting waiting =
          status.getState() == null ? null : status.getState().getWaiting();
      if (waiting != null && !Nulls.orEmpty(waiting.getReason()).isEmpty()) {
        String detail = Nulls.orEmpty(waiting.getMessage());
        return status.getName()
            + ": "
            + waiting.getReason()
            + (detail.isEmpty() ? "" : ": " + detail)
            + lastExit(status);
      }
    }
    Optional<PodCondition> unscheduled =
        condition(pod, "PodScheduled").filter(c -> "False".equals(c.getStatus()));
    if (unscheduled.isPresent() && !Nulls.orEmpty(unscheduled.get().getMessage()).isEmpty()) {
      return unscheduled.get().getMessage();
    }
    return condition(pod, "Ready").map(c -> Nulls.orEmpty(c.getMessage())).orElse("");
  }

  /**
   * How a restarting container's last run ended: its exit code and the last line of its termination
   * message, which is the tail of its log when the pod asks for {@code terminationMessagePolicy:
   * FallbackToLogsOnError}. A crash-looping engine's own last words say far more than the kubelet's
   * back-off notice.
   */
  private static String lastExit(ContainerStatus status) {
    ContainerStateTerminated ended =
        status.getLastState() == null ? null : status.getLastState().getTerminated();
    if (ended == null) {
      return "";
    }
    String said = lastLine(Nulls.orEmpty(ended.getMessage()));
    String reason = Nulls.orEmpty(ended.getReason());
    return "; last exit %d%s%s"
        .formatted(
            ended.getExitCode() == null ? 0 : ended.getExitCode(),
            reason.isEmpty() ? "" : " (" + reason + ")",
            said.isEmpty() ? "" : ": " + said);
  }

  private static String lastLine(String text) {
    String[] lines = text.strip().split("\\R");
    return lines[lines.length - 1].strip();
  }

  private static Optional<PodCondition> condition(Pod pod, String type) {
    List<PodCondition> conditions =
        pod.getStatus() == null ? null : pod.getStatus().getConditions();
    if (conditions == null) {
      return Optional.empty();
    }
    return conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  private static List<ContainerStatus> statuses(Pod pod) {
    List<ContainerStatus> statuses =
        pod.getStatus() == null ? null : pod.getStatus().getContainerStatuses();
    return statuses == null ? List.of() : statuses;
  }
}
