package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;

/**
 * The backends of a process that reaches a cluster: helm and LLMService, with the owner of a
 * release read off the cluster on every call (backends.md §1.3), so two replicas never disagree on
 * it.
 */
public final class ClusterBackends implements Backends {
  private final BackendResolver owners;
  private final LlmServiceAccess access;
  private final ReleaseBackend helm;
  private final ReleaseBackend llmServices;
  private final String applyWith;

  /**
   * @param applyWith {@code server.applyWith}: which backend new installs go to when the LLMService
   *     API is visible
   */
  public ClusterBackends(
      BackendResolver owners,
      LlmServiceAccess access,
      ReleaseBackend helm,
      ReleaseBackend llmServices,
      String applyWith) {
    this.owners = owners;
    this.access = access;
    this.helm = helm;
    this.llmServices = llmServices;
    this.applyWith = applyWith;
  }

  @Override
  public ReleaseBackend writer(BackendChoice choice, Mode mode) {
    return of(BackendChoice.forApply(choice.owner(), mode, applyWith, access.current().visible()));
  }

  /** Read off the cluster now: the LLMService and the plan ConfigMap beside the release. */
  @Override
  public BackendChoice choice(String ns, String release) {
    return owners.backendFor(ns, release);
  }

  @Override
  public ReleaseBackend owner(BackendChoice choice) {
    return of(choice.forRead());
  }

  @Override
  public ReleaseReads reads(String ns, String release) {
    try {
      return owner(ns, release).reads();
    } catch (KubeException e) {
      throw ownerUnknown(ns, release, e);
    }
  }

  @Override
  public boolean managed(String ns, String release) {
    try {
      return choice(ns, release).managed();
    } catch (KubeException e) {
      throw ownerUnknown(ns, release, e);
    }
  }

  /** An LLMService read failure is a KubeException too: either keeps the cluster's kind. */
  private static DeployException ownerUnknown(String ns, String release, KubeException e) {
    return new DeployException(
        e.kind(), "cannot tell who owns %s/%s: %s".formatted(ns, release, e.getMessage()), e);
  }

  private ReleaseBackend of(BackendChoice.Owner owner) {
    return owner == BackendChoice.Owner.LLMSVC ? llmServices : helm;
  }
}
