package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.deploy.backend.Backends;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.ReleaseReads;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;

/**
 * The plan a release was last deployed from, read through the backend that owns it ({@link
 * ReleaseReads#current}): on a server, from the cluster. The backend is the only source: a database
 * row could disagree with it.
 */
public final class ReleasePlans implements DeployedPlans {
  private final Backends backends;

  public ReleasePlans(Backends backends) {
    this.backends = backends;
  }

  /**
   * The current plan of {@code namespace/release}.
   *
   * @throws DeployException {@code NOT_FOUND} when there is no release or no plan beside it, {@code
   *     UPSTREAM_FAILED} when the cluster cannot be read, {@code FAILED} when the plan is
   *     unreadable
   */
  @Override
  public Plan current(String namespace, String release) {
    return backends.reads(namespace, release).current(namespace, release);
  }

  /**
   * The current plan of a release the plan and check routes serve. As in the reference, a release
   * whose plan cannot be read for any reason is, to them, one swiss does not know: every failure is
   * {@code NOT_FOUND}, with its reason.
   */
  public Plan served(String namespace, String release) {
    try {
      return current(namespace, release);
    } catch (DeployException e) {
      throw new DeployException(ErrorKind.NOT_FOUND, e.getMessage(), e);
    }
  }
}
