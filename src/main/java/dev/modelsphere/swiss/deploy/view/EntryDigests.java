package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.plan.Plan;
import java.util.Optional;

/**
 * The digest the catalog lists today for the entry a plan was composed from; handed in by the
 * caller that reads catalogs.
 */
@FunctionalInterface
public interface EntryDigests {
  /** Empty when it cannot be told (the catalog cannot be read, or no longer lists the entry). */
  Optional<String> currentDigest(Plan plan);

  /** Never tells: no drift is reported. */
  static EntryDigests unknown() {
    return plan -> Optional.empty();
  }
}
