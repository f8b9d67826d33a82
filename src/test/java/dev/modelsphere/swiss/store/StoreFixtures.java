package dev.modelsphere.swiss.store;

import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.SourceRef;
import java.time.Instant;
import java.util.Map;

/** The plans and runs the store tests write. */
final class StoreFixtures {
  static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  private StoreFixtures() {}

  static Run run(String release, String action) {
    return run(release, action, "");
  }

  static Run run(String release, String action, String note) {
    return new Run(
        0,
        "models",
        release,
        action,
        "sha256:" + release,
        "alice",
        true,
        "",
        "helm said " + release,
        note,
        3,
        T0,
        T0.plusSeconds(5));
  }

  static Plan plan(Map<String, Object> form) {
    return new Plan(
            Plan.API_VERSION,
            new ReleaseRef("glm-53", "models"),
            new SourceRef(
                "https://models.example.com/catalog/index.json",
                "",
                "",
                "glm-5.3",
                "zai-org/GLM-5.3",
                "1.0.0",
                "sha256:2ddf",
                "sglang-tp2"),
            new ChartRef("sglang", "0.8.0", "https://charts.example.com/", ""),
            "sglang",
            "prod",
            Map.of("form", form),
            false,
            null,
            "")
        .withHash();
  }
}
