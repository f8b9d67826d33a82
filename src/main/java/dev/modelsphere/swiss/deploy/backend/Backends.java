package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.plan.Plan;
import java.util.List;
import java.util.Map;

/**
 * The one place that knows there are several backends: which of them a release belongs to, and
 * which one a new install goes to. Writes and reads alike go to the backend it picks; nothing else
 * branches on the owner. {@link ClusterBackends} reads the owner off the cluster; the use cases
 * depend on this port only, so they run against backends kept in memory as well.
 */
public interface Backends {

  /**
   * The backend that writes the release, for an owner the caller has read already: the one that
   * owns it, else for a new install the one the deploy settings name, else helm.
   */
  ReleaseBackend writer(BackendChoice choice, Mode mode);

  /** Who owns the release now: one of the backends, or nobody. */
  BackendChoice choice(String ns, String release);

  /**
   * The backend that answers for an existing release, for an owner the caller has read already: its
   * owner, or helm for one swiss does not manage, so a hand-installed release can be read and
   * removed.
   */
  ReleaseBackend owner(BackendChoice choice);

  /**
   * How the release's owner reads it, or helm for one swiss does not manage, so "no such release"
   * keeps helm's phrasing.
   *
   * @throws DeployException {@code UPSTREAM_FAILED} when the owner cannot be read, {@code
   *     FORBIDDEN} when swiss's credentials may not read it
   */
  ReleaseReads reads(String ns, String release);

  /**
   * Whether swiss manages the release: a plan or an LLMService stands beside it.
   *
   * @throws DeployException as {@link #reads} does when the owner cannot be read
   */
  boolean managed(String ns, String release);

  /** The backend that writes the release, its owner read now. */
  default ReleaseBackend writer(String ns, String release, Mode mode) {
    return writer(choice(ns, release), mode);
  }

  /** The backend that answers for an existing release, its owner read now. */
  default ReleaseBackend owner(String ns, String release) {
    return owner(choice(ns, release));
  }

  /**
   * The objects an apply of {@code plan} in {@code mode} would send, as the backend that would
   * write it makes them: preflight's dry run sends these.
   */
  default List<Map<String, Object>> objects(Plan plan, Mode mode) {
    return writer(plan.release().namespace(), plan.release().name(), mode).objects(plan);
  }
}
