package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.llmsvc.LlmService;
import io.fabric8.kubernetes.api.model.ConfigMap;

/**
 * One release in scope and the records it is known by: swiss's plan ConfigMap, an LLMService, and
 * helm's release storage. At least one of them is present.
 *
 * @param plan the {@code swiss-plan-<release>} ConfigMap, or null
 * @param service the LLMService of the same name, or null (also while LLMServices are not visible)
 * @param helmStored helm stores at least one revision of it
 */
record Member(
    String namespace, String release, ConfigMap plan, LlmService service, boolean helmStored) {

  /** Deployed by the LLMService backend; a plan ConfigMap beside it is left over. */
  boolean llmsvc() {
    return service != null;
  }

  /** Both records: the release moved to LLMService and the helm plan still needs removing. */
  boolean cleanupPending() {
    return service != null && plan != null;
  }

  /** A helm release swiss did not deploy: no plan, no LLMService. */
  boolean untracked() {
    return service == null && plan == null;
  }

  Member withPlan(ConfigMap configMap) {
    return new Member(namespace, release, configMap, service, helmStored);
  }

  Member withService(LlmService llmService) {
    return new Member(namespace, release, plan, llmService, helmStored);
  }

  Member withHelmStorage() {
    return new Member(namespace, release, plan, service, true);
  }
}
