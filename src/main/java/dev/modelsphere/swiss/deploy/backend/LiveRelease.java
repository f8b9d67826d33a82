package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.plan.Plan;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/**
 * A release as the backend that owns it reports it, for its status.
 *
 * @param exists the backend keeps the release: helm stores it, or its LLMService exists
 * @param backend the owner's name, {@link ReleaseBackend#HELM} or {@link ReleaseBackend#LLMSVC};
 *     empty for a release swiss does not manage
 * @param revision helm's revision as the backend knows it; 0 when none
 * @param helmStatus helm's status as the backend knows it; empty when none
 * @param planStatus the {@code status.yaml} beside a helm release, when it has a phase; else null
 * @param cleanupPending the release moved to LLMService and the plan ConfigMap helm left behind
 *     still needs removing
 * @param object the LLMService's metadata, for its Canary relationship and uid; null for helm
 * @param operator the LLMService's status as its operator wrote it; null when there is none
 * @param plan the plan the release runs; null when none can be read
 */
public record LiveRelease(
    boolean exists,
    String backend,
    int revision,
    String helmStatus,
    PlanStatus planStatus,
    boolean cleanupPending,
    ObjectMeta object,
    LlmServiceStatus operator,
    Plan plan) {

  /** A release its backend does not know (any more). */
  public static LiveRelease absent() {
    return new LiveRelease(false, "", 0, "", null, false, null, null, null);
  }
}
