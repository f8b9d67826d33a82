package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.plan.Plan;

/**
 * An upgrade that names another catalog moves the release there (reference server.md §4.3): only
 * when the target lists the same model (by its Hugging Face repository) with the variant on the
 * same engine, so a move never swaps the model that runs under a release's name.
 */
final class CatalogMove {
  private CatalogMove() {}

  static void check(Plan previous, String target, Entry entry, Variant variant) {
    String release = previous.release().name();
    String was = previous.source().hf();
    if (was.isEmpty()) {
      throw refused(
          release,
          target,
          "its plan predates recording the model's HF repo, so it cannot be matched across"
              + " catalogs");
    }
    String there = entry.source() == null ? "" : entry.source().hf();
    if (!was.equals(there)) {
      throw refused(
          release,
          target,
          "%s there is %s, not %s, so it is a different model"
              .formatted(entry.name(), there.isEmpty() ? "unnamed" : there, was));
    }
    if (!variant.engine().equals(previous.engine())) {
      throw refused(
          release,
          target,
          "variant %s runs on %s there, not %s"
              .formatted(variant.id(), variant.engine(), previous.engine()));
    }
  }

  private static RuntimeException refused(String release, String target, String reason) {
    return PlanComposer.badRequest(
        "cannot move %s to catalog \"%s\": %s -- deploy a new release instead"
            .formatted(release, target, reason));
  }
}
