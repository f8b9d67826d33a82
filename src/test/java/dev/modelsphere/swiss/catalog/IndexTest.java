package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The index format and its rules, checked in order at parse time (§2.2). */
class IndexTest {
  private static final String DIGEST =
      "sha256:0000000000000000000000000000000000000000000000000000000000000000";

  private static String version(String version) {
    return """
        {"version": "%s", "path": "models/a/a-%s.yaml", "digest": "%s", "variants": []}"""
        .formatted(version, version, DIGEST);
  }

  private static String model(String name, String latest, String... versions) {
    return """
        {"name": "%s", "source": {"hf": "org/%s"}, "latest": "%s", "versions": [%s]}"""
        .formatted(name, name, latest, String.join(",", versions));
  }

  private static String index(int count, String... models) {
    return """
        {"apiVersion": "catalog.swiss/v1", "count": %d, "models": [%s]}"""
        .formatted(count, String.join(",", models));
  }

  private static Index parse(String json) {
    return Index.parse(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void theListsAClientLooksThingsUpInAreWrittenEvenWhenEmpty() throws IOException {
    ObjectMapper json = new ObjectMapper();
    IndexVersion noVariants = new IndexVersion("1.0.0", "models/a/a-1.0.0.yaml", DIGEST, null);
    IndexModel noVersions =
        new IndexModel("a", "", "", "", null, null, null, null, "1.0.0", List.of());

    assertThat(json.writeValueAsString(new Index(Index.API_VERSION, "", 0, List.of(), 0)))
        .contains("\"models\":[]");
    assertThat(json.writeValueAsString(noVersions))
        .contains("\"versions\":[]")
        .as("tags stay left out when empty, as the reference omits them")
        .doesNotContain("tags");
    assertThat(json.writeValueAsString(noVariants)).contains("\"variants\":[]");
  }

  @Test
  void aWellFormedIndexParsesWithEveryField() throws IOException {
    Index index = Index.parse(Files.readAllBytes(Fixtures.catalogDir().resolve("index.json")));
    IndexModel glm = index.model("glm5.3").orElseThrow();

    assertThat(index.site()).isEqualTo("https://modelsphere.github.io/model-catalog/");
    assertThat(glm.tuning())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.uplift()).isEqualTo(195.3);
              assertThat(t.workloads())
                  .extracting(IndexTuning.Workload::name)
                  .containsExactly("50k + 1.5k", "8k + 1k");
            });
    assertThat(glm.source().hf()).isEqualTo("nvidia/GLM-5.3-NVFP4");
    IndexVariant lws =
        index.model("deepseek-v4-pro").orElseThrow().version("1.0.1").variants().get(0);
    assertThat(lws.isDefault()).isTrue();
    assertThat(lws.chart()).isEqualTo(new ChartPin("vllm", ">=0.7.6"));
    assertThat(lws.requires().nodes()).isEqualTo(2);
    assertThat(lws.requires().rdma()).isTrue();
    assertThat(lws.requires().gpuProduct()).containsExactly("NVIDIA-RTX-6000D");
    assertThat(index.model("nothing")).isEmpty();
  }

  @Test
  void anEmptyVersionMeansLatestAndAnUnknownOneListsWhatExists() {
    Index index = parse(index(1, model("a", "1.1.0", version("1.0.0"), version("1.1.0"))));
    IndexModel a = index.model("a").orElseThrow();

    assertThat(a.version("").version()).isEqualTo("1.1.0");
    assertThat(a.version("1.0.0").version()).isEqualTo("1.0.0");
    assertThatThrownBy(() -> a.version("9.9.9"))
        .hasMessageContaining("model \"a\" has no version \"9.9.9\" (have: [1.0.0 1.1.0])");
  }

  @Test
  void anUnknownFieldIsRefusedNamingTheField() {
    String json =
        index(1, model("a", "1.0.0", version("1.0.0")))
            .replace("\"count\"", "\"colour\": \"blue\", \"count\"");

    assertThatThrownBy(() -> parse(json))
        .isInstanceOf(CatalogException.class)
        .hasMessageContainingAll("index.json", "colour");
  }

  @Test
  void anUnknownFieldDeepInAVariantIsRefusedNamingTheField() {
    String json =
        index(1, model("a", "1.0.0", version("1.0.0")))
            .replace(
                "\"variants\": []",
                "\"variants\": [{\"id\": \"v\", \"requires\": {\"gpus\": 1, \"gpuCount\": 2}}]");

    assertThatThrownBy(() -> parse(json)).hasMessageContainingAll("index.json", "gpuCount");
  }

  @Test
  void aWrongApiVersionIsRefusedNamingBoth() {
    String json =
        index(1, model("a", "1.0.0", version("1.0.0")))
            .replace("catalog.swiss/v1", "catalog.swiss/v2");

    assertThatThrownBy(() -> parse(json))
        .hasMessageContainingAll("index.json", "catalog.swiss/v2", "catalog.swiss/v1");
  }

  @Test
  void aModelWithoutANameOrVersionsIsRefused() {
    assertThatThrownBy(() -> parse(index(1, model("", "1.0.0", version("1.0.0")))))
        .hasMessageContaining("models[0] has no name");
    assertThatThrownBy(() -> parse(index(1, model("a", "1.0.0"))))
        .hasMessageContaining("model \"a\" has no versions");
  }

  @Test
  void aModelListedTwiceIsRefused() {
    String a = model("a", "1.0.0", version("1.0.0"));

    assertThatThrownBy(() -> parse(index(2, a, a)))
        .hasMessageContaining("model \"a\" listed twice");
  }

  @Test
  void aVersionListedTwiceIsRefused() {
    assertThatThrownBy(
            () -> parse(index(1, model("a", "1.0.0", version("1.0.0"), version("1.0.0")))))
        .hasMessageContaining("a 1.0.0 listed twice");
  }

  @Test
  void aVersionWithoutANameOrPathIsRefused() {
    assertThatThrownBy(
            () ->
                parse(
                    index(
                        1,
                        model(
                            "a",
                            "1.0.0",
                            version("1.0.0")
                                .replace("\"version\": \"1.0.0\"", "\"version\": \"\"")))))
        .hasMessageContaining("model \"a\" has an unnamed version");
    assertThatThrownBy(
            () ->
                parse(
                    index(
                        1,
                        model(
                            "a",
                            "1.0.0",
                            version("1.0.0")
                                .replace(
                                    "\"path\": \"models/a/a-1.0.0.yaml\"", "\"path\": \"\"")))))
        .hasMessageContaining("a 1.0.0 has no path");
  }

  @Test
  void aVersionWithoutADigestIsRefused() {
    assertThatThrownBy(
            () -> parse(index(1, model("a", "1.0.0", version("1.0.0").replace(DIGEST, "")))))
        .hasMessageContainingAll("a 1.0.0", "no digest");
  }

  @Test
  void anUnpublishedLatestIsRefused() {
    assertThatThrownBy(() -> parse(index(1, model("a", "2.0.0", version("1.0.0")))))
        .hasMessageContainingAll("\"a\"", "\"2.0.0\"", "not published");
    assertThatThrownBy(() -> parse(index(1, model("a", "", version("1.0.0")))))
        .hasMessageContainingAll("\"a\"", "not published");
  }

  @Test
  void aCountThatDisagreesWithTheModelsIsRefusedButZeroIsNotChecked() {
    String a = model("a", "1.0.0", version("1.0.0"));

    assertThatThrownBy(() -> parse(index(3, a)))
        .hasMessageContaining("count is 3 but 1 models are listed");
    assertThat(parse(index(0, a)).models()).hasSize(1);
  }

  @Test
  void anIndexThatIsNotJsonIsRefused() {
    assertThatThrownBy(() -> parse("not json")).hasMessageStartingWith("index.json: ");
    assertThatThrownBy(() -> parse("")).hasMessageStartingWith("index.json: ");
  }

  @Test
  void aStringOrAFractionWhereANumberOrABooleanBelongsIsRefusedNamingThePath() {
    String variant =
        """
        {"id": "v", "engine": "vllm", "default": true, "chart": {"name": "vllm", "version": "0.7.1"},
         "requires": {"gpus": 8}}""";
    String valid =
        index(1, model("a", "1.0.0", version("1.0.0").replace("[]", "[" + variant + "]")));
    String at = "models[0].versions[0].variants[0]";
    record Edit(String field, String broken, String path) {}
    List<Edit> edits =
        List.of(
            new Edit("\"count\": 1", "\"count\": \"1\"", "count"),
            new Edit("\"gpus\": 8", "\"gpus\": \"8\"", at + ".requires.gpus"),
            new Edit("\"gpus\": 8", "\"gpus\": 8.5", at + ".requires.gpus"),
            new Edit("\"default\": true", "\"default\": \"true\"", at + ".default"));

    assertThat(parse(valid).models()).hasSize(1);
    for (Edit edit : edits) {
      assertThatThrownBy(() -> parse(valid.replace(edit.field(), edit.broken())))
          .as(edit.broken())
          .isInstanceOf(CatalogException.class)
          .hasMessageStartingWith("index.json: ")
          .hasMessageContaining(edit.path());
    }
  }

  @Test
  void deprecatedMayBeAFlagOrAMessage() {
    String flagged =
        index(
            1,
            model("a", "1.0.0", version("1.0.0"))
                .replace("\"latest\"", "\"deprecated\": true, \"latest\""));
    String explained = flagged.replace("true", "\"use b\"");

    assertThat(parse(flagged).models().get(0).deprecated()).isEqualTo(true);
    assertThat(parse(explained).models().get(0).deprecated()).isEqualTo("use b");
  }

  @Test
  void theIndexWritesBackAsTheSameJsonDocument() throws IOException {
    byte[] published = Files.readAllBytes(Fixtures.catalogDir().resolve("index.json"));
    ObjectMapper json = new ObjectMapper();

    String written = json.writeValueAsString(Index.parse(published));

    assertThat(json.readTree(written)).isEqualTo(json.readTree(published));
  }
}
