package dev.modelsphere.swiss.deploy.view;

import static dev.modelsphere.swiss.error.ErrorKind.INVALID;

import dev.modelsphere.swiss.deploy.backend.Backends;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.ReleaseReads;
import dev.modelsphere.swiss.deploy.backend.RevisionList;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;

/**
 * A release's revisions (reference server.md §3.17-3.19, backends.md §2.8, §3.6): the list a
 * rollback picks from and the plan that produced a revision, each as the backend that owns the
 * release keeps them ({@link ReleaseReads}), and the values helm rendered a revision with.
 */
public final class RevisionsView {
  private final Backends backends;
  private final HelmReleases releases;
  private final ReleaseStorage storage;

  public RevisionsView(Backends backends, HelmReleases releases, ReleaseStorage storage) {
    this.backends = backends;
    this.releases = releases;
    this.storage = storage;
  }

  /**
   * @throws DeployException {@link ErrorKind#UPSTREAM_FAILED} when the release or its records
   *     cannot be read
   */
  public RevisionList list(String namespace, String release) {
    return list(backends, namespace, release);
  }

  /** The same for a caller that reads no values or plans, as {@code swiss history} does. */
  public static RevisionList list(Backends backends, String namespace, String release) {
    return new RevisionList(
        release, namespace, backends.reads(namespace, release).revisions(namespace, release));
  }

  /**
   * The plan that produced {@code revision}, its hash verified.
   *
   * @throws DeployException {@link ErrorKind#INVALID} for a revision that is not a number, {@link
   *     ErrorKind#NOT_FOUND} when no plan of it is kept or it was edited
   */
  public Plan plan(String namespace, String release, String revision) {
    return plan(namespace, release, number(revision));
  }

  public Plan plan(String namespace, String release, int wanted) {
    return backends.reads(namespace, release).revisionPlan(namespace, release, wanted);
  }

  /**
   * What helm rendered {@code revision} with: everything, and only what was supplied. The values of
   * a release swiss does not manage are the admin role's alone: they hold whatever its installer
   * put there (a token, a password), and swiss has no plan that says what they should be.
   *
   * @param admin the reader holds the admin role
   * @throws DeployException {@link ErrorKind#INVALID} for a revision that is not a number, {@link
   *     ErrorKind#NOT_FOUND} for one helm does not keep, {@link ErrorKind#FORBIDDEN} for an
   *     unmanaged release's values asked by a reader without the role, {@link
   *     ErrorKind#UPSTREAM_FAILED} when helm cannot tell the values
   */
  public RevisionValues values(String namespace, String release, String revision, boolean admin) {
    int wanted = number(revision);
    requireStored(namespace, release, wanted);
    if (!admin && !backends.managed(namespace, release)) {
      throw new DeployException(
          ErrorKind.FORBIDDEN,
          ("%s/%s is a helm release swiss does not manage (no swiss plan beside it): its values"
                  + " are readable with the admin role only, until it is adopted (swiss install"
                  + " --adopt)")
              .formatted(namespace, release));
    }
    String all = releases.values(namespace, release, wanted, true);
    try {
      String supplied = releases.values(namespace, release, wanted, false);
      return new RevisionValues(namespace, release, wanted, all, supplied, "");
    } catch (HelmException e) {
      return new RevisionValues(namespace, release, wanted, all, "", e.getMessage());
    }
  }

  /**
   * 404 for a revision helm does not keep, before asking helm: helm takes revision 0 for the
   * newest, and says only "release: not found" for one it lacks.
   */
  private void requireStored(String namespace, String release, int revision) {
    List<Integer> kept = storage.revisions(namespace, release);
    if (!kept.contains(revision)) {
      throw new DeployException(
          ErrorKind.NOT_FOUND,
          "%s/%s has no revision %d: helm keeps %s"
              .formatted(namespace, release, revision, kept.isEmpty() ? "none" : kept));
    }
  }

  private static int number(String revision) {
    try {
      return Integer.parseInt(Nulls.orEmpty(revision).strip());
    } catch (NumberFormatException e) {
      throw new DeployException(
          INVALID, "revision must be a number, not \"%s\"".formatted(revision));
    }
  }
}
