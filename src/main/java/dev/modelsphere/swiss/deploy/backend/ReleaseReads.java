package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.deploy.helmbackend.HelmReads;
import dev.modelsphere.swiss.deploy.llmservicebackend.LlmServiceReads;
import dev.modelsphere.swiss.plan.Plan;
import java.util.List;

/**
 * How one backend reads the releases it keeps: the read side of a {@link ReleaseBackend},
 * implemented by {@link HelmReads} and {@link LlmServiceReads}. {@link Backends#reads} picks the
 * one of the release's owner, so a view reads every release the same way.
 */
public interface ReleaseReads {

  /**
   * The hash of the plan the live release was deployed from, for the audit log; empty when the
   * release has none or it cannot be read (never made up).
   */
  String planHash(String ns, String release);

  /**
   * The plan the live release was deployed from.
   *
   * @throws DeployException {@code NOT_FOUND} when there is no release or no plan of it, {@code
   *     UPSTREAM_FAILED} when the cluster cannot be read, {@code FAILED} when the plan is
   *     unreadable
   */
  Plan current(String ns, String release);

  /** The release as this backend knows it, for its status; a release it lacks is not an error. */
  LiveRelease live(String ns, String release);

  /** What the release can be rolled back to, in the order this backend keeps them. */
  List<RevisionList.Revision> revisions(String ns, String release);

  /**
   * The plan that produced {@code revision}, its hash verified.
   *
   * @throws DeployException {@code NOT_FOUND} when no plan of it is kept or it was edited
   */
  Plan revisionPlan(String ns, String release, int revision);
}
