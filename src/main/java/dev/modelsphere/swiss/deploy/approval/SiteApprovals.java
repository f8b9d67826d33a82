package dev.modelsphere.swiss.deploy.approval;

import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.ToIntBiFunction;

/**
 * A server's approvals: the stored ones when it has a database to keep them in, and what its writes
 * spend. Without a database nobody can ask for or give an approval, so on a site that requires them
 * every guarded write is refused saying why ({@link WriteApprovals#withoutDatabase}), and the
 * approval routes answer that there are none to manage.
 *
 * @param kept the approval use cases; empty without a database
 * @param spending what a write spends: {@code kept}, or the refusal above
 */
public record SiteApprovals(Optional<Approvals> kept, WriteApprovals spending) {

  /**
   * @param store the server's database; empty on a read-only server, which keeps none
   * @param profile the site's profile, which says whether writes need approval and who approves
   * @param liveRevision the release's live revision by namespace and name; 0 when it does not exist
   * @param ttl how long a request stays usable
   */
  public static SiteApprovals of(
      Optional<Store> store,
      Supplier<Optional<Profile>> profile,
      ToIntBiFunction<String, String> liveRevision,
      Duration ttl,
      Clock clock) {
    Optional<Approvals> kept = store.map(s -> new Approvals(s, profile, liveRevision, ttl, clock));
    WriteApprovals spending =
        kept.<WriteApprovals>map(a -> a).orElseGet(() -> WriteApprovals.withoutDatabase(profile));
    return new SiteApprovals(kept, spending);
  }
}
