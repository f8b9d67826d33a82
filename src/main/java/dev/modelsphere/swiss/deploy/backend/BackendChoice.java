package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;

/**
 * Which backend owns a release, read off the cluster (backends.md §1.3). An LLMService that is not
 * visible counts as absent, so with the API unserved or forbidden a release is helm's or nobody's.
 *
 * @param owner the backend that owns the release, or {@link Owner#NONE} when swiss does not
 * @param cleanupPending both records exist: the release moved to LLMService and the plan ConfigMap
 *     helm left behind still needs removing
 */
public record BackendChoice(Owner owner, boolean cleanupPending) {

  public enum Owner {
    /** Not managed by swiss. */
    NONE,
    HELM,
    LLMSVC
  }

  /** The §1.3 table. */
  public static BackendChoice of(boolean visible, boolean hasService, boolean hasConfigMap) {
    if (visible && hasService) {
      return new BackendChoice(Owner.LLMSVC, hasConfigMap);
    }
    return new BackendChoice(hasConfigMap ? Owner.HELM : Owner.NONE, false);
  }

  public boolean managed() {
    return owner != Owner.NONE;
  }

  /**
   * The backend that answers reads and uninstalls: the owner, or helm for a release swiss does not
   * manage, so "no such release" keeps helm's phrasing and a hand-installed release can be removed.
   */
  public Owner forRead() {
    return managed() ? owner : Owner.HELM;
  }

  /**
   * The backend an apply goes to. An existing owner keeps the release (and refuses an install onto
   * it); a new install goes to LLMService only when {@code applyWith} asks for it and the API is
   * visible; everything else is helm's.
   */
  public static Owner forApply(Owner owner, Mode mode, String applyWith, boolean visible) {
    if (owner != Owner.NONE) {
      return owner;
    }
    if (mode == Mode.INSTALL && LlmServiceAccess.appliesWithLlmsvc(applyWith) && visible) {
      return Owner.LLMSVC;
    }
    return Owner.HELM;
  }
}
