package dev.modelsphere.swiss.deploy.approval;

import java.util.function.IntSupplier;

/** What a write needs before it runs, on a site that may require approval. */
public interface WriteApprovals {

  /** Nothing: the CLI writes with its user's own credentials, as helm and kubectl do. */
  WriteApprovals NONE = (actor, write, liveRevision) -> "";

  /**
   * Spends the approval that allows {@code write} by {@code actor} while the release is at the
   * revision {@code liveRevision} reads (asked only on a site that requires approval), and answers
   * who approved it; empty when the site requires none.
   *
   * @throws dev.modelsphere.swiss.deploy.DeployException {@code CONFLICT} naming what is missing
   */
  String spend(String actor, GuardedWrite write, IntSupplier liveRevision);
}
