package dev.modelsphere.swiss.sitestate;

/**
 * The LLMService block of {@code GET /api/cluster}.
 *
 * @param served the API server serves the LLMService CRD
 * @param applyWith the configured backend of new installs, {@code helm} or {@code llmsvc}
 * @param newInstalls where a new install goes now: {@code llmsvc} only when asked for and visible
 */
public record LlmServiceSummary(boolean served, String applyWith, String newInstalls) {}
