package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.sitestate.SiteState;
import dev.modelsphere.swiss.store.Store;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** What {@code /readyz} reports beside the gates; never a fetch, only what is cached. */
public final class ReadinessNotes {
  private static final String NOT_FETCHED = "not fetched";

  private ReadinessNotes() {}

  /**
   * @param leader the replica elected to do the background work; empty on a read-only server
   */
  public static Map<String, Supplier<String>> of(
      SiteState site, Optional<Store> store, Optional<BackgroundLeader> leader) {
    Map<String, Supplier<String>> notes = new LinkedHashMap<>();
    notes.put("catalog", () -> heldCatalogs(site));
    notes.put("profile", () -> site.profiles().cachedName().orElse(NOT_FETCHED));
    // A note, not a gate: a replica without its database still serves what it reads from the
    // cluster, so it stays in its Service; its writes answer 503 until the database is back.
    notes.put("database", () -> store.map(Store::check).orElse("none"));
    notes.put("leader", () -> leader.map(ReadinessNotes::leaderNote).orElse("none (read-only)"));
    return notes;
  }

  /** Which replica does the background work: this one, another (by name), or none yet. */
  private static String leaderNote(BackgroundLeader elected) {
    if (elected.leading()) {
      return "this replica";
    }
    return elected.leader().isEmpty() ? "not elected yet" : elected.leader();
  }

  private static String heldCatalogs(SiteState site) {
    List<String> refs = site.catalogs().cache().heldRefs();
    return refs.isEmpty() ? NOT_FETCHED : String.join(", ", refs);
  }
}
