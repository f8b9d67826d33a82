package dev.modelsphere.swiss.llmsvc;

/**
 * Annotations that ask the LLMService operator for something (backends.md §3.1). They are requests
 * to the operator, not swiss's record of a plan, so they never count as swiss annotations.
 */
public final class OperatorAnnotations {
  /**
   * Value: a generation. The operator applies that generation with helm's force-conflicts and
   * ignores the annotation for any other generation.
   */
  public static final String FORCE_CONFLICTS = LlmService.GROUP + "/force-conflicts";

  /** {@code Orphan}: on delete, drop the finalizer without uninstalling the helm release. */
  public static final String DELETION_POLICY = LlmService.GROUP + "/deletion-policy";

  private OperatorAnnotations() {}
}
