package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.values.Tree;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** There is no per-layer ownership any more: a catalog entry may set any chart key. */
class OwnershipTest {
  @TempDir Path tmp;

  private Variant fetchWithValues(String values) {
    String variants = CatalogFiles.VLLM.replace("    replicaCount: 1\n", values);
    Path dir = CatalogFiles.in(tmp).version("1.0.0", CatalogFiles.entry("1.0.0", variants)).write();
    return Catalog.open(dir.toString()).entry("tiny", "").variant("vllm-tp1");
  }

  @Test
  void entryMaySetAnyChartKey() {
    Variant variant =
        fetchWithValues(
            """
            progressDeadlineSeconds: 7200
            replicaCount: 3
            schedulerName: volcano
        """);

    assertThat(Tree.get(variant.values(), "replicaCount").value()).isEqualTo(3L);
    assertThat(Tree.get(variant.values(), "schedulerName").value()).isEqualTo("volcano");
    assertThat(Tree.get(variant.values(), "progressDeadlineSeconds").value()).isEqualTo(7200L);
  }

  @Test
  void entryWithSiteKeyIsNoLongerRefused() {
    Variant variant =
        fetchWithValues(
            """
            cache: {hostPath: /data/cache}
            model: {localPath: /data/models/tiny}
        """);

    assertThat(Tree.get(variant.values(), "cache.hostPath").value()).isEqualTo("/data/cache");
    assertThat(Tree.get(variant.values(), "model.localPath").value())
        .isEqualTo("/data/models/tiny");
  }
}
