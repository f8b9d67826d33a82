package dev.modelsphere.swiss.deploy.approval;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.Profile;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/** What a write needs before it runs, on a site that may require approval. */
public interface WriteApprovals {

  /** Nothing: the CLI writes with its user's own credentials, as helm and kubectl do. */
  WriteApprovals NONE =
      new WriteApprovals() {
        @Override
        public String spend(String actor, GuardedWrite write, IntSupplier liveRevision) {
          return "";
        }

        @Override
        public String spendRequired(String actor, GuardedWrite write, IntSupplier liveRevision) {
          return "";
        }
      };

  /**
   * Spends the approval that allows {@code write} by {@code actor} while the release is at the
   * revision {@code liveRevision} reads (asked only on a site that requires approval), and answers
   * who approved it; empty when the site requires none.
   *
   * @throws DeployException {@code CONFLICT} naming what is missing
   */
  String spend(String actor, GuardedWrite write, IntSupplier liveRevision);

  /**
   * The same, whatever the profile held in memory says: for a caller that has just read the stored
   * profile itself and found that it requires approval (a change of the profile).
   */
  String spendRequired(String actor, GuardedWrite write, IntSupplier liveRevision);

  /**
   * A server without a database keeps no approvals: on a site that requires them every guarded
   * write is refused, saying so; elsewhere writes need none.
   */
  static WriteApprovals withoutDatabase(Supplier<Optional<Profile>> profile) {
    return refusedWhereRequired(
        profile,
        write ->
            new DeployException(
                ErrorKind.UNAVAILABLE,
                ("this site requires approval, and approvals are kept in the database this server"
                        + " lacks (it opens one with server.allowDeploy and server.database); the"
                        + " %s of %s was not written")
                    .formatted(write.action(), write.ref())));
  }

  /**
   * A process that writes with its user's own credentials (the CLI without {@code --server}) keeps
   * no approvals and cannot ask another user for one: on a site that requires them every guarded
   * write is refused before anything is written, naming the way through the site's server, where
   * the write waits for its approval as the UI's does. There is no local way around it: a platform
   * team that turns approvals on can trust that no swiss front end skips them.
   */
  static WriteApprovals refusedLocally(Supplier<Optional<Profile>> profile) {
    return refusedWhereRequired(
        profile,
        write ->
            new DeployException(
                ErrorKind.FORBIDDEN,
                ("site %s requires an approval for every write (requireApproval in its profile),"
                        + " and a local swiss keeps none: the %s of %s was not written. Go"
                        + " through the site's swiss server, where another user approves it:"
                        + " `swiss login URL` and run the command again, or add `--server URL`")
                    .formatted(
                        profile.get().map(Profile::name).orElse(""), write.action(), write.ref())));
  }

  /** Refuses every guarded write with {@code refusal} on a site whose profile requires approval. */
  private static WriteApprovals refusedWhereRequired(
      Supplier<Optional<Profile>> profile, Function<GuardedWrite, DeployException> refusal) {
    return new WriteApprovals() {
      @Override
      public String spend(String actor, GuardedWrite write, IntSupplier liveRevision) {
        if (profile.get().map(Profile::requireApproval).orElse(false)) {
          return spendRequired(actor, write, liveRevision);
        }
        return "";
      }

      @Override
      public String spendRequired(String actor, GuardedWrite write, IntSupplier liveRevision) {
        throw refusal.apply(write);
      }
    };
  }
}
