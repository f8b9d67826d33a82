package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entry validation runs on every fetch (§2.4): each case publishes a version file that parses but
 * breaks one rule, and fetching it is refused naming the model, version, path and the rule.
 */
class EntryValidationTest {
  @TempDir Path tmp;
  private final AtomicInteger catalogs = new AtomicInteger();

  /** Publishes the version file in a fresh one-model catalog and fetches it. */
  private Entry fetch(String versionFile) {
    Path dir =
        CatalogFiles.in(tmp.resolve("c" + catalogs.incrementAndGet()))
            .version("1.0.0", versionFile)
            .write();
    return Catalog.open(dir.toString()).entry("tiny", "1.0.0");
  }

  private Entry fetchVariants(String variants) {
    return fetch(CatalogFiles.entry("1.0.0", variants));
  }

  private AbstractThrowableAssert<?, ? extends Throwable> refusing(String variants) {
    return assertThatThrownBy(() -> fetchVariants(variants))
        .isInstanceOf(CatalogException.class)
        .hasMessageContainingAll("tiny 1.0.0", "models/tiny/tiny-1.0.0.yaml");
  }

  private static String variant(String engine, String chart, String requires, String values) {
    return """
        - id: v1
          engine: %s
          chart: %s
          requires: %s
          values: %s
        """
        .formatted(engine, chart, requires, values);
  }

  @Test
  void aValidEntryIsReturnedWithTheIndexDigest() {
    Entry entry = fetchVariants(CatalogFiles.VLLM);

    assertThat(entry.variant("vllm-tp1").engine()).isEqualTo("vllm");
    assertThat(entry.digest()).startsWith("sha256:");
  }

  @Test
  void aWrongApiVersionIsRefused() {
    assertThatThrownBy(
            () ->
                fetch(
                    CatalogFiles.entry("1.0.0", CatalogFiles.VLLM)
                        .replace("catalog.swiss/v1", "catalog.swiss/v0")))
        .hasMessageContainingAll("tiny 1.0.0", "apiVersion", "catalog.swiss/v0");
  }

  @Test
  void aModelWithoutSourceInTheIndexIsRefused() {
    Path dir =
        CatalogFiles.in(tmp)
            .version("1.0.0", CatalogFiles.entry("1.0.0", CatalogFiles.VLLM))
            .metadata("source", java.util.Map.of())
            .write();

    assertThatThrownBy(() -> Catalog.open(dir.toString()).entry("tiny", ""))
        .hasMessageContainingAll("tiny 1.0.0", "source.hf is required");
  }

  @Test
  void anEntryWithoutVariantsIsRefused() {
    String noVariants = "apiVersion: catalog.swiss/v1\nname: tiny\nversion: 1.0.0\nvariants: []\n";

    assertThatThrownBy(() -> fetch(noVariants))
        .hasMessageContainingAll("tiny 1.0.0", "no variants");
  }

  @Test
  void aVariantWithoutAnIdIsRefusedByPosition() {
    refusing(CatalogFiles.VLLM.replace("id: vllm-tp1", "description: no id"))
        .hasMessageContaining("variant[0]: id is required");
  }

  @Test
  void anInvalidEngineIsRefused() {
    refusing(variant("tgi", "{name: tgi, version: 1.0.0}", "{gpus: 1}", "{}"))
        .hasMessageContainingAll("variant v1", "engine \"tgi\"", "sglang or vllm");
  }

  @Test
  void aChartThatDoesNotMatchTheEngineIsRefused() {
    refusing(variant("vllm", "{name: sglang, version: 0.7.1}", "{gpus: 1}", "{}"))
        .hasMessageContainingAll("variant v1", "chart \"sglang\"", "engine \"vllm\"");
  }

  @Test
  void anUnpinnedChartIsRefused() {
    refusing(variant("vllm", "{name: vllm}", "{gpus: 1}", "{}"))
        .hasMessageContainingAll("variant v1", "chart.version is required");
  }

  @Test
  void aChartVersionThatIsNeitherAVersionNorARangeIsRefused() {
    refusing(variant("vllm", "{name: vllm, version: latest}", "{gpus: 1}", "{}"))
        .hasMessageContainingAll("variant v1", "latest", "neither a version nor a range");
  }

  @Test
  void fewerThanOneGpuIsRefused() {
    refusing(variant("vllm", "{name: vllm, version: 0.7.1}", "{gpus: 0}", "{}"))
        .hasMessageContainingAll("variant v1", "requires.gpus must be at least 1");
    refusing(variant("vllm", "{name: vllm, version: 0.7.1}", "{vendor: nvidia}", "{}"))
        .hasMessageContaining("requires.gpus must be at least 1");
  }

  @Test
  void anUnknownVendorIsRefused() {
    refusing(
            variant(
                "vllm", "{name: vllm, version: 0.7.1}", "{gpus: 1, vendor: moore-threads}", "{}"))
        .hasMessageContainingAll("variant v1", "moore-threads", "not a known accelerator");
  }

  @Test
  void anLwsVariantMustSetLwsSize() {
    refusing(
            variant(
                "vllm",
                "{name: vllm, version: 0.7.1}",
                "{gpus: 8, nodes: 2, topology: lws}",
                "{lws: {enabled: true}}"))
        .hasMessageContainingAll("variant v1", "values.lws.size is unset");
  }

  @Test
  void anLwsSizeThatDiffersFromNodesIsRefused() {
    refusing(
            variant(
                "vllm",
                "{name: vllm, version: 0.7.1}",
                "{gpus: 8, nodes: 2, topology: lws}",
                "{lws: {size: 3}}"))
        .hasMessageContainingAll("variant v1", "values.lws.size (3) != requires.nodes (2)");
    refusing(
            variant(
                "vllm",
                "{name: vllm, version: 0.7.1}",
                "{gpus: 8, nodes: 2, topology: lws}",
                "{lws: {size: '2'}}"))
        .hasMessageContaining("values.lws.size (2) != requires.nodes (2)");
  }

  @Test
  void anLwsSizeMustBeAnIntegerLiteralAsTheReferenceReadsIt() {
    refusing(
            variant(
                "vllm",
                "{name: vllm, version: 0.7.1}",
                "{gpus: 8, nodes: 2, topology: lws}",
                "{lws: {size: 2.0}}"))
        .hasMessageContainingAll("variant v1", "values.lws.size (2.0) != requires.nodes (2)");
  }

  @Test
  void aVariantLinkThatIsNotAnAbsoluteUriIsRefused() {
    String linked =
        CatalogFiles.VLLM.replace("engine: vllm", "link: docs/vllm.html\n  engine: vllm");

    refusing(linked).hasMessageContainingAll("variant vllm-tp1", "link \"docs/vllm.html\"");
  }

  @Test
  void anLwsSizeEqualToNodesIsAccepted() {
    Entry entry =
        fetchVariants(
            variant(
                "vllm",
                "{name: vllm, version: 0.7.1}",
                "{gpus: 8, nodes: 2, topology: lws}",
                "{lws: {size: 2}}"));

    assertThat(entry.variant("v1").requires().totalGpus()).isEqualTo(16);
  }

  @Test
  void duplicateVariantIdsAreRefused() {
    refusing(CatalogFiles.VLLM + CatalogFiles.VLLM)
        .hasMessageContaining("variant vllm-tp1: duplicate id");
  }

  @Test
  void twoDefaultVariantsAreRefused() {
    String marked = CatalogFiles.VLLM.replace("engine: vllm", "default: true\n  engine: vllm");
    String other = marked.replace("id: vllm-tp1", "id: vllm-tp2");

    refusing(marked + other).hasMessageContaining("2 variants marked default, at most one allowed");
  }

  @Test
  void theFirstBrokenRuleIsReported() {
    refusing(variant("tgi", "{name: vllm}", "{gpus: 0}", "{}"))
        .hasMessageContaining("engine \"tgi\"")
        .hasMessageNotContaining("gpus");
  }
}
