package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.plan.Plan;
import java.util.List;
import java.util.Map;

/**
 * The one place that knows there are two backends: which of them a release belongs to, read off the
 * cluster on every call (backends.md §1.3), and which one a new install goes to. Writes and reads
 * alike go to the backend it picks; nothing else branches on the owner.
 */
public final class Backends {
  private final BackendResolver owners;
  private final LlmServiceAccess access;
  private final ReleaseBackend helm;
  private final ReleaseBackend llmServices;
  private final String applyWith;

  /**
   * @param applyWith {@code server.applyWith}: which backend new installs go to when the LLMService
   *     API is visible
   */
  public Backends(
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

  /**
   * The backend that writes the release: the one that owns it, else for a new install the one
   * {@code applyWith} names when the LLMService API is visible, else helm.
   */
  public ReleaseBackend writer(String ns, String release, Mode mode) {
    return writer(choice(ns, release), mode);
  }

  /** The same, for an owner the caller has read already. */
  public ReleaseBackend writer(BackendChoice choice, Mode mode) {
    return of(BackendChoice.forApply(choice.owner(), mode, applyWith, access.current().visible()));
  }

  /**
   * The objects an apply of {@code plan} in {@code mode} would send, as the backend that would
   * write it makes them: preflight's dry run sends these.
   */
  public List<Map<String, Object>> objects(Plan plan, Mode mode) {
    return writer(plan.release().namespace(), plan.release().name(), mode).objects(plan);
  }

  /** Who owns the release, read off the cluster now: one of the backends, or nobody. */
  public BackendChoice choice(String ns, String release) {
    return owners.backendFor(ns, release);
  }

  /**
   * The backend that answers for an existing release: its owner, or helm for one swiss does not
   * manage, so a hand-installed release can be read and removed.
   */
  public ReleaseBackend owner(String ns, String release) {
    return owner(choice(ns, release));
  }

  /** The same, for an owner the caller has read already. */
  public ReleaseBackend owner(BackendChoice choice) {
    return of(choice.forRead());
  }

  /**
   * How the release's owner reads it, or helm for one swiss does not manage, so "no such release"
   * keeps helm's phrasing.
   *
   * @throws DeployException {@code UPSTREAM_FAILED} when the owner cannot be read off the cluster,
   *     {@code FORBIDDEN} when swiss's credentials may not read it
   */
  public ReleaseReads reads(String ns, String release) {
    try {
      return owner(ns, release).reads();
    } catch (KubeException e) {
      // An LLMService read failure is a KubeException too.
      throw new DeployException(
          e.kind(), "cannot tell who owns %s/%s: %s".formatted(ns, release, e.getMessage()), e);
    }
  }

  /**
   * Whether swiss manages the release: a plan ConfigMap or an LLMService stands beside it.
   *
   * @throws DeployException as {@link #reads} does when the owner cannot be read
   */
  public boolean managed(String ns, String release) {
    try {
      return choice(ns, release).managed();
    } catch (KubeException e) {
      throw new DeployException(
          e.kind(), "cannot tell who owns %s/%s: %s".formatted(ns, release, e.getMessage()), e);
    }
  }

  private ReleaseBackend of(BackendChoice.Owner owner) {
    return owner == BackendChoice.Owner.LLMSVC ? llmServices : helm;
  }
}
