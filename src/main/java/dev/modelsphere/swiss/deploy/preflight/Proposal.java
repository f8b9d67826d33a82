package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.catalog.Requires;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.plan.Plan;
import java.util.Optional;

/**
 * A plan someone means to deploy, with what preflight needs beside it.
 *
 * <p>The plan does not record its catalog variant's {@code requires} (only {@code model.gpus} lands
 * in the values, and no vendor or pod count), so the caller, who opened the catalog entry to
 * compose or look up the plan, passes the variant's requirements here.
 *
 * @param mode an install checks the release name is free; an upgrade's release already holds it
 * @param requires the catalog variant's requirements; null when the caller cannot know them (the
 *     catalog entry is gone), which leaves GPU fit unchecked
 */
public record Proposal(Plan plan, Mode mode, Requires requires) {
  public Proposal {
    if (plan == null || mode == null) {
      throw new IllegalArgumentException("a proposal needs a plan and a mode");
    }
  }

  public static Proposal install(Plan plan, Requires requires) {
    return new Proposal(plan, Mode.INSTALL, requires);
  }

  public static Proposal upgrade(Plan plan, Requires requires) {
    return new Proposal(plan, Mode.UPGRADE, requires);
  }

  public Optional<Requires> knownRequires() {
    return Optional.ofNullable(requires);
  }
}
