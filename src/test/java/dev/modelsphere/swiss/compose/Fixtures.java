package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.CatalogEntries;
import java.util.Map;

/** A realistic entry and site profile, as the reference's compose tests use them. */
final class Fixtures {
  static final String GLM_ENTRY =
      """
      apiVersion: catalog.swiss/v1
      name: glm-5.3
      version: 1.0.0
      variants:
        - id: sglang-tp8-b300
          default: true
          engine: sglang
          chart: {name: sglang, version: 0.8.0}
          image: {repository: lmsysorg/sglang, tag: v0.5.19}
          requires: {gpus: 8}
          values:
            extraArgs: [--tp-size=8]
            model: {mountPath: /model}
        - id: sglang-tp2
          engine: sglang
          chart: {name: sglang, version: 0.8.0}
          image: {repository: lmsysorg/sglang, tag: v0.5.19}
          requires: {gpus: 2}
        - id: sglang-tp1
          engine: sglang
          chart: {name: sglang, version: ">=0.8.0"}
          requires: {gpus: 1}
      """;

  static final String PROD_PROFILE =
      """
      name: prod
      namespace: models
      registry: {mirror: ghcr.io/modelsphere}
      model: {pathTemplate: "/mnt/disk0/models/{{name}}"}
      cache: {enabled: true, hostPath: /mnt/cache}
      nodes: {gpusPerNode: 8}
      """;

  private Fixtures() {}

  static Entry entry(String yaml, String hf) {
    return CatalogEntries.fromVersionFile(yaml, hf);
  }

  static Entry glm() {
    return entry(GLM_ENTRY, "zai-org/GLM-5.3");
  }

  static Profile profile(String yaml) {
    return Profile.parse(yaml, "test-profile");
  }

  static ComposeRequest request(
      Profile profile, String variant, Map<String, Object> form, Map<String, Object> edits) {
    Entry entry = glm();
    return new ComposeRequest(
        "/catalog/index.json",
        "",
        "sha256:" + "cd".repeat(32),
        entry,
        entry.variant(variant),
        profile,
        "glm-53",
        "",
        form,
        edits,
        false,
        "");
  }

  static ComposeRequest request(Map<String, Object> form) {
    return request(profile(PROD_PROFILE), "sglang-tp8-b300", form, Map.of());
  }
}
