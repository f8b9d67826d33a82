package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The version file format, the entry helpers and the entry's JSON form (§2.3). */
class EntryTest {
  @TempDir Path tmp;

  private static Entry parse(String yaml) {
    return Entry.parseYaml(yaml.getBytes(StandardCharsets.UTF_8));
  }

  private static final String TWO_VARIANTS =
      CatalogFiles.entry(
          "1.0.0",
          """
      - id: first
        engine: vllm
        chart: {name: vllm, version: 0.7.1}
        requires: {gpus: 8}
      - id: second
        default: true
        engine: sglang
        chart: {name: sglang, version: ">=0.7.0"}
        image: {repository: lmsys/sglang, tag: v0.5.19}
        requires: {gpus: 4, vendor: ascend, minGpuMemoryGiB: 64.5}
        values:
          replicaCount: 2
          model: {contextLength: '', extra: null}
          extraArgs: [--tp-size=4]
      """);

  @Test
  void aVersionFileParsesIntoVariantsWithLongIntegersInValues() {
    Entry entry = parse(TWO_VARIANTS);
    Variant second = entry.variant("second");

    assertThat(entry.name()).isEqualTo("tiny");
    assertThat(entry.source()).isNull();
    assertThat(entry.digest()).isNull();
    assertThat(second.image()).isEqualTo(new Image("lmsys/sglang", "v0.5.19", null));
    assertThat(second.requires().minGpuMemoryGiB()).isEqualTo(64.5);
    assertThat(second.values().get("replicaCount")).isEqualTo(2L);
    assertThat(second.values().get("model"))
        .isEqualTo(
            new java.util.LinkedHashMap<>(java.util.Collections.singletonMap("contextLength", "")) {
              {
                put("extra", null);
              }
            });
    assertThat(entry.variant("first").image()).isNull();
    assertThat(entry.variant("first").values()).isEmpty();
  }

  @Test
  void valuesAreReadOnlyBecauseEntriesAreShared() {
    Variant second = parse(TWO_VARIANTS).variant("second");

    assertThatThrownBy(() -> second.values().put("x", 1))
        .isInstanceOf(UnsupportedOperationException.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> model = (Map<String, Object>) second.values().get("model");
    assertThatThrownBy(() -> model.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aVersionFileMayNotCarrySourceOrDigest() {
    String withSource =
        CatalogFiles.entry("1.0.0", CatalogFiles.VLLM)
            .replace("variants:", "source: {hf: org/model}\nvariants:");
    String withDigest =
        CatalogFiles.entry("1.0.0", CatalogFiles.VLLM)
            .replace("variants:", "digest: sha256:00\nvariants:");

    assertThatThrownBy(() -> parse(withSource))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("source");
    assertThatThrownBy(() -> parse(withDigest)).hasMessageContaining("digest");
  }

  @Test
  void anUnknownKeyInAVersionFileIsRefusedNamingIt() {
    String misspelt =
        CatalogFiles.entry("1.0.0", CatalogFiles.VLLM)
            .replace("requires: {gpus: 1}", "requires: {gpus: 1, gpuCount: 2}");

    assertThatThrownBy(() -> parse(misspelt))
        .hasMessageContainingAll("gpuCount", "variants[0].requires");
  }

  @Test
  void aDuplicateKeyOrAnEmptyDocumentIsRefused() {
    assertThatThrownBy(() -> parse("name: a\nname: b\n")).hasMessageContaining("name");
    assertThatThrownBy(() -> parse("")).hasMessageContaining("empty");
  }

  @Test
  void servedModelNameIsServedNameElseName() {
    Entry plain = parse(TWO_VARIANTS);
    Entry renamed = parse(TWO_VARIANTS.replace("\nversion:", "\nservedName: Tiny-Chat\nversion:"));

    assertThat(plain.servedModelName()).isEqualTo("tiny");
    assertThat(renamed.servedModelName()).isEqualTo("Tiny-Chat");
  }

  @Test
  void anUnknownVariantIsRefusedListingTheIdsThatExist() {
    Entry entry = parse(TWO_VARIANTS);

    assertThatThrownBy(() -> entry.variant("third"))
        .hasMessageContainingAll("tiny", "third", "[first second]");
  }

  @Test
  void theDefaultVariantIsTheMarkedOneElseTheFirst() {
    assertThat(parse(TWO_VARIANTS).defaultVariant().id()).isEqualTo("second");
    assertThat(parse(TWO_VARIANTS.replace("default: true", "default: false")).defaultVariant().id())
        .isEqualTo("first");
    assertThatThrownBy(() -> parse("name: empty\nvariants: []\n").defaultVariant())
        .hasMessageContainingAll("empty", "no variants");
  }

  @Test
  void metadataFromTheIndexOverridesTheVersionFilesCosmeticFields() {
    String yaml =
        CatalogFiles.entry("1.0.0", CatalogFiles.VLLM)
            .replace(
                "variants:",
                """
        displayName: From the file
        description: Described in the file
        family: file-family
        tags: [file]
        deprecated: true
        license: apache-2.0
        homepage: https://example.com/tiny
        variants:""");
    Path dir =
        CatalogFiles.in(tmp)
            .version("1.0.0", yaml)
            .metadata("description", "")
            .metadata("source", Map.of("hf", "example/Tiny", "revision", "abc123", "sizeGiB", 16.5))
            .write();

    Entry entry = Catalog.open(dir.toString()).entry("tiny", "");

    assertThat(entry.displayName()).isEqualTo("Tiny (from the index)");
    assertThat(entry.description()).isEmpty();
    assertThat(entry.family()).isEqualTo("tiny");
    assertThat(entry.tags()).containsExactly("chat");
    assertThat(entry.deprecated()).isNull();
    assertThat(entry.source()).isEqualTo(new Source("example/Tiny", "abc123", 16.5));
    assertThat(entry.license()).isEqualTo("apache-2.0");
    assertThat(entry.homepage()).isEqualTo("https://example.com/tiny");
  }

  @Test
  void theJsonFormUsesTheCatalogFieldNamesAndOmitsEmptyOnes() throws Exception {
    Path dir = CatalogFiles.in(tmp).version("1.0.0", TWO_VARIANTS).write();
    Entry entry = Catalog.open(dir.toString()).entry("tiny", "1.0.0");

    JsonNode json = new ObjectMapper().readTree(new ObjectMapper().writeValueAsString(entry));

    assertThat(iterable(json.fieldNames()))
        .containsExactly(
            "apiVersion",
            "name",
            "version",
            "digest",
            "displayName",
            "family",
            "tags",
            "source",
            "variants");
    assertThat(json.get("source").toString()).isEqualTo("{\"hf\":\"example/Tiny\"}");
    assertThat(json.get("digest").asText()).isEqualTo(entry.digest());
    JsonNode first = json.get("variants").get(0);
    JsonNode second = json.get("variants").get(1);
    assertThat(iterable(first.fieldNames())).containsExactly("id", "engine", "chart", "requires");
    assertThat(first.get("requires").toString()).isEqualTo("{\"gpus\":8}");
    assertThat(second.get("default").asBoolean()).isTrue();
    assertThat(second.get("image").toString())
        .isEqualTo("{\"repository\":\"lmsys/sglang\",\"tag\":\"v0.5.19\"}");
    assertThat(second.get("values").get("model").toString())
        .isEqualTo("{\"contextLength\":\"\",\"extra\":null}");
  }

  @Test
  void aVersionFileRefusesAStringOrAFractionWhereANumberOrABooleanBelongsNamingThePath() {
    String valid = CatalogFiles.entry("1.0.0", CatalogFiles.VLLM);
    Map<String, String> broken =
        Map.of(
            "requires: {gpus: \"8\"}", "variants[0].requires.gpus",
            "requires: {gpus: 8.5}", "variants[0].requires.gpus",
            "requires: {gpus: 1, nodes: \"1\"}", "variants[0].requires.nodes",
            "requires: {gpus: 1, rdma: \"true\"}", "variants[0].requires.rdma");

    broken.forEach(
        (requires, path) ->
            assertThatThrownBy(() -> parse(valid.replace("requires: {gpus: 1}", requires)))
                .as(requires)
                .isInstanceOf(CatalogException.class)
                .hasMessageContaining(path));
    assertThatThrownBy(
            () -> parse(valid.replace("engine: vllm", "default: \"true\"\n  engine: vllm")))
        .hasMessageContainingAll("variants[0].default", "true or false");
  }

  @Test
  void aVariantLinkIsAnAbsoluteUriAsTheCatalogSchemaSays() {
    String valid = CatalogFiles.entry("1.0.0", CatalogFiles.VLLM);
    String linked =
        valid.replace("engine: vllm", "link: https://example.com/tiny/vllm\n  engine: vllm");

    assertThat(parse(linked).variant("vllm-tp1").link()).isEqualTo("https://example.com/tiny/vllm");
    assertThatThrownBy(() -> parse(linked.replace("https://example.com/tiny/vllm", "8")))
        .hasMessageContainingAll("variants[0].link", "expected a string");
  }

  private static List<String> iterable(java.util.Iterator<String> names) {
    List<String> out = new java.util.ArrayList<>();
    names.forEachRemaining(out::add);
    return out;
  }
}
