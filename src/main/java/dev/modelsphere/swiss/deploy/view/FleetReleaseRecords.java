package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.deploy.backend.ReleaseRecords;
import dev.modelsphere.swiss.helm.ReleaseRecord;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import java.util.Optional;

/**
 * The newest revision helm stores for a release, from the server's watch of helm's release Secrets:
 * a diff in {@code swiss serve} sends the API server no LIST. The copy trails the API server by the
 * watch's delay (milliseconds while it runs; up to a re-list after a lost connection), so a diff
 * right after another client's apply may compare with the revision before it; a diff is advisory,
 * and the install reads the release live under its Lease.
 *
 * <p>Where the copy cannot answer for a namespace (not watched, first list not in, watch refused,
 * or the watch lost and not yet back), the release's storage is listed live, as the CLI does: an
 * absent or stale copy is never read as "no release". A write's first look reads it too, and an
 * install takes its "no release" (checked again by name under the lease) as helm's own.
 */
public final class FleetReleaseRecords implements ReleaseRecords {
  private final Fleet fleet;
  private final ReleaseRecords live;

  /**
   * @param live the read where the copy cannot answer
   */
  public FleetReleaseRecords(Fleet fleet, ReleaseRecords live) {
    this.fleet = fleet;
    this.live = live;
  }

  @Override
  public Optional<ReleaseRecord> newest(String namespace, String release) {
    if (!fleet.watchesHelmStorageOf(namespace)) {
      return live.newest(namespace, release);
    }
    return fleet.newestRevision(namespace, release).map(ReleaseStorage::decode);
  }
}
