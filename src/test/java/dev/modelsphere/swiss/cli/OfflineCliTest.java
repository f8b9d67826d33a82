package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The offline verbs, end to end through the command line: catalog, plan, verify. */
class OfflineCliTest {
  static final String DEMO_CATALOG =
      SharedFixtures.project().resolve("examples/catalog").toString();
  static final String REAL_CATALOG = SharedFixtures.modelCatalog().toString();

  private static final String RETRY_LIMIT = "kubernetes.request.retry.backoffLimit";

  @TempDir Path dir;
  Path profile;

  @BeforeEach
  void writeSite() throws IOException {
    Path charts = dir.resolve("charts");
    for (String chart : List.of("sglang", "vllm")) {
      Files.createDirectories(charts.resolve(chart));
      Files.writeString(
          charts.resolve(chart).resolve("Chart.yaml"),
          "apiVersion: v2\nname: " + chart + "\nversion: 0.8.2\n");
    }
    profile =
        site(
            """
        name: lab
        namespace: models
        chartPath: %s
        registry: {mirror: "registry.lab/mirror/"}
        model: {pathTemplate: "/mnt/disk0/models/{{org}}/{{name}}"}
        nodes: {gpusPerNode: 8}
        """
                .formatted(charts));
  }

  private Path site(String yaml) throws IOException {
    Path file = Files.createTempFile(dir, "site-", ".yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private CliRun plan(String catalog, Path site, String... more) {
    List<String> args =
        new ArrayList<>(List.of("plan", "--catalog", catalog, "--profile", site.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void catalogListShowsEveryVariantOfEachModelsLatestVersion() {
    CliRun run = CliRun.of("catalog", "list", "--catalog", DEMO_CATALOG);
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> lines = run.out().lines().toList();
    assertThat(lines.get(0)).matches("MODEL +VERSION +VARIANT +ENGINE +GPUS +TOPOLOGY +CHART");
    // The header, then one line per variant of each model's latest version.
    assertThat(lines).hasSize(10);
    assertThat(run.out())
        .containsPattern(
            "smollm3-3b +1.0.0 +sglang-tp2 +sglang +2 +single-node +sglang->=0.1.0 <1.0.0")
        .containsPattern("mistral-small-24b +1.1.0 +vllm-tp4-ascend +vllm +4 ")
        .containsPattern("granite-3.3-8b +1.1.0 +vllm-tp1-ascend +vllm +1 ")
        .doesNotContainPattern("mistral-small-24b +1.0.0")
        .doesNotContainPattern("granite-3.3-8b +1.0.0");
    assertThat(run.err())
        .contains("catalog " + Path.of(DEMO_CATALOG, "index.json"))
        .contains("sha256:");
  }

  @Test
  void catalogListWritesNodesTimesGpusForMultiNodeVariants() {
    CliRun run = CliRun.of("catalog", "list", "--catalog", REAL_CATALOG);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .containsPattern("deepseek-v4-pro +1.0.1 +vllm-tp8-pp2-6000d +vllm +2x8 +lws");
  }

  @Test
  void catalogShowDescribesOneModelAndMarksTheDefaultVariant() {
    CliRun run = CliRun.of("catalog", "show", "smollm3-3b", "--catalog", DEMO_CATALOG);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith("SmolLM3 3B (smollm3-3b)\n")
        .contains("weights   HuggingFaceTB/SmolLM3-3B  (6 GiB)")
        .containsPattern("version   1.0.0  sha256:[0-9a-f]{12}\n")
        .contains("served as smollm3")
        .contains("  * sglang-tp1  sglang  1 GPU")
        .contains("    sglang-tp2  sglang  2 GPU  [NVIDIA-H100-80GB-HBM3]");
  }

  @Test
  void catalogShowTakesAnOlderVersion() {
    CliRun run =
        CliRun.of(
            "catalog",
            "show",
            "mistral-small-24b",
            "--model-version",
            "1.0.0",
            "--catalog",
            DEMO_CATALOG);
    assertThat(run.out()).contains("version   1.0.0").doesNotContain("ascend");
  }

  @Test
  void planWritesAJsonPlanThatVerifiesAndResolvesTheChartRangeFromTheChartPath()
      throws IOException {
    Path out = dir.resolve("plan.json");
    CliRun run =
        plan(
            DEMO_CATALOG,
            profile,
            "--model",
            "smollm3-3b",
            "--set",
            "replicaCount=2",
            "-o",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    Plan plan = PlanJson.fromJson("plan.json", Files.readString(out));
    assertThat(plan.chart().version()).isEqualTo("0.8.2");
    assertThat(plan.release().name()).isEqualTo("smollm3-3b");
    assertThat(plan.layer("form")).containsEntry("replicaCount", 2L);

    CliRun verify = CliRun.of("verify", out.toString());
    assertThat(verify.exitCode()).as(verify.err()).isZero();
    assertThat(verify.out()).contains(plan.hash());
  }

  @Test
  void theConfigFileNamesTheCatalogAndTheProfile() {
    String config = SharedFixtures.project().resolve("examples/swiss.yaml").toString();
    CliRun run = CliRun.of("plan", "--config", config, "--model", "mistral-small-24b");
    assertThat(run.exitCode()).as(run.err()).isZero();
    Plan plan = PlanJson.fromJson("stdout", run.out());
    assertThat(plan.profile()).isEqualTo("demo");
    assertThat(plan.source().catalog()).endsWith("examples/catalog/index.json");
    assertThat(plan.chart().version())
        .as("the range resolves against examples/charts")
        .isEqualTo("0.8.0");
  }

  @Test
  void aFlagBeatsTheConfigFile() {
    String config = SharedFixtures.project().resolve("examples/swiss.yaml").toString();
    CliRun run = CliRun.of("catalog", "list", "--config", config, "--catalog", REAL_CATALOG);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("glm5.3").doesNotContain("smollm3-3b");
  }

  @Test
  void aPlanFileEditedAfterComposingIsRefused() throws IOException {
    Path out = dir.resolve("plan.json");
    plan(
        DEMO_CATALOG,
        profile,
        "--model",
        "smollm3-3b",
        "--set",
        "replicaCount=2",
        "-o",
        out.toString());
    Files.writeString(
        out, Files.readString(out).replace("\"replicaCount\": 2", "\"replicaCount\": 20"));
    CliRun run = CliRun.of("verify", out.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).startsWith("swiss: ").contains(out.toString()).contains("hash mismatch");
  }

  @Test
  void planWithoutAnOutputFileWritesJsonToStandardOutput() {
    CliRun run =
        plan(
            DEMO_CATALOG,
            profile,
            "--model",
            "mistral-small-24b",
            "--model-version",
            "1.0.0",
            "--release",
            "mistral",
            "--namespace",
            "team-a",
            "--create-namespace");
    assertThat(run.exitCode()).as(run.err()).isZero();
    Plan plan = PlanJson.fromJson("stdout", run.out());
    assertThat(plan.release().namespace()).isEqualTo("team-a");
    assertThat(plan.createNamespace()).isTrue();
    assertThat(plan.chart().version())
        .as("an exact catalog pin needs no listing")
        .isEqualTo("0.8.0");
  }

  @Test
  void explainNamesTheLayerOfEachValueAndWhatItShadowed() {
    CliRun run =
        CliRun.of(
            "plan",
            "--catalog",
            REAL_CATALOG,
            "--profile",
            profile.toString(),
            "--model",
            "glm5.3",
            "--variant",
            "sglang-tp8-b300-baseline",
            "--chart-version",
            "0.8.2",
            "--set",
            "model.mountPath=/weights",
            "--local-path",
            "/data/glm",
            "--explain");
    assertThat(run.exitCode()).as(run.err()).isZero();
    String out = run.out();
    assertThat(section(out, "catalog")).containsPattern("  extraArgs +\\[--chat-template");
    assertThat(section(out, "site"))
        .containsPattern("  image.repository +registry.lab/mirror/sglang")
        .containsPattern("  model.localPath +/data/glm");
    assertThat(section(out, "form"))
        .containsPattern("  model.localPath +/data/glm")
        .containsPattern("  model.mountPath +/weights");
    assertThat(section(out, "shadowed"))
        .containsPattern("  image.repository +catalog -> site\n")
        .containsPattern("  model.localPath +site -> form\n")
        .containsPattern("  model.mountPath +catalog -> form\n");
    assertThat(out).contains("glm5.3/sglang-tp8-b300-baseline -> release glm5-3 in models");
    assertThat(out).as("a blank line closes the shadowed block, as every block").endsWith("\n\n");
  }

  @Test
  void explainReplacesThePlanSoAnOutputFileIsNotWritten() {
    Path out = dir.resolve("plan.json");
    CliRun run =
        plan(DEMO_CATALOG, profile, "--model", "smollm3-3b", "--explain", "-o", out.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("smollm3-3b/sglang-tp1 -> release smollm3-3b in models");
    assertThat(out).doesNotExist();
  }

  @Test
  void theLocalPathFlagMergesOverASetModelValue() {
    CliRun run =
        plan(
            DEMO_CATALOG,
            profile,
            "--model",
            "smollm3-3b",
            "--set",
            "model=x",
            "--local-path",
            "/data/smol");

    assertThat(run.exitCode()).as(run.err()).isZero();
    Plan plan = PlanJson.fromJson("stdout", run.out());
    assertThat(plan.layer("form")).containsEntry("model", Map.of("localPath", "/data/smol"));
  }

  @Test
  void installTakesTheRevisionLockAsApplyDoes() {
    Path gone = dir.resolve("gone.json");
    CliRun run = CliRun.of("install", "--plan", gone.toString(), "--expect-revision", "-1");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("no plan file " + gone).doesNotContain("expect-revision");
  }

  /** The lines of one block of the --explain output, from its heading to the next blank line. */
  private static String section(String explain, String heading) {
    int start = explain.indexOf("\n" + heading + " (");
    assertThat(start).as("section " + heading + " in:\n" + explain).isNotNegative();
    int end = explain.indexOf("\n\n", start + 1);
    return explain.substring(start + 1, end < 0 ? explain.length() : end + 1);
  }

  @Test
  void anUnknownProfileKeyIsRefusedNamingIt() throws IOException {
    Path bad = site("name: lab\nnamespace: m\nmodel: {pathTemplate: /x}\ncreateNamespace: true\n");
    CliRun run = plan(DEMO_CATALOG, bad, "--model", "smollm3-3b");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains(bad.toString()).contains("createNamespace");
  }

  @Test
  void aProfileWithoutAPathTemplateIsRefused() throws IOException {
    Path bad = site("name: lab\nnamespace: m\n");
    CliRun run = plan(DEMO_CATALOG, bad, "--model", "smollm3-3b");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("model.pathTemplate is required");
  }

  @Test
  void anUnknownPlaceholderInThePathTemplateIsRefused() throws IOException {
    Path bad =
        site(
            "name: lab\nnamespace: m\nchartPath: /nowhere\nmodel: {pathTemplate: \"/m/{{nope}}\"}\n");
    CliRun run =
        plan(DEMO_CATALOG, bad, "--model", "mistral-small-24b", "--model-version", "1.0.0");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("/m/{{nope}}").contains("unknown placeholder");
  }

  @Test
  void anUnknownModelVersionOrVariantIsRefusedListingWhatExists() {
    CliRun model = plan(DEMO_CATALOG, profile, "--model", "gpt-9");
    assertThat(model.exitCode()).isEqualTo(1);
    assertThat(model.err()).contains("gpt-9").contains("smollm3-3b").contains("mistral-small-24b");

    CliRun version =
        plan(DEMO_CATALOG, profile, "--model", "smollm3-3b", "--model-version", "9.9.9");
    assertThat(version.exitCode()).isEqualTo(1);
    assertThat(version.err()).contains("9.9.9").contains("1.0.0");

    CliRun variant = plan(DEMO_CATALOG, profile, "--model", "smollm3-3b", "--variant", "tp64");
    assertThat(variant.exitCode()).isEqualTo(1);
    assertThat(variant.err()).contains("tp64").contains("sglang-tp1").contains("sglang-tp2");
  }

  @Test
  void aChartRangeWithNoWayToResolveItIsRefused() throws IOException {
    Path noCharts = site("name: lab\nnamespace: m\nmodel: {pathTemplate: \"/m/{{name}}\"}\n");
    CliRun run = plan(DEMO_CATALOG, noCharts, "--model", "smollm3-3b");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains(">=0.1.0 <1.0.0").contains("Name a chart version");

    CliRun named =
        plan(DEMO_CATALOG, noCharts, "--model", "smollm3-3b", "--chart-version", "0.8.0");
    assertThat(named.exitCode()).as(named.err()).isZero();
  }

  @Test
  void aMalformedSetIsRefused() {
    CliRun run = plan(DEMO_CATALOG, profile, "--model", "smollm3-3b", "--set", "replicaCount");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("expected key=value").contains("\"replicaCount\"");
  }

  @Test
  void aConfigFileNamedByTheFlagMustExist() {
    Path missing = dir.resolve("missing.yaml");
    CliRun run = CliRun.of("catalog", "list", "--config", missing.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).startsWith("swiss: ").contains(missing.toString());
  }

  @Test
  void withNoCatalogConfiguredThePublicCatalogIsReadAndNamedWhenUnreachable() {
    assertThat(System.getenv("SWISS_CATALOG")).as("this test needs $SWISS_CATALOG unset").isNull();
    assertThat(System.getenv("SWISS_CONFIG")).as("this test needs $SWISS_CONFIG unset").isNull();
    String home = System.getProperty("user.home");
    System.setProperty("user.home", dir.toString());
    try {
      CliRun run = CliRun.of("catalog", "list");

      // Offline (as here) the error names the URL; online the listing's footer does.
      assertThat(run.err()).contains("https://modelsphere.github.io/model-catalog/index.json");
    } finally {
      System.setProperty("user.home", home);
    }
  }

  @Test
  void aMissingPlanFileIsNamedAsMissing() {
    CliRun run = CliRun.of("verify", dir.resolve("gone.json").toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("gone.json").contains("no such file");
  }

  @Test
  void anUnreachableApiServerIsNamedAsSuchRatherThanAsAFailedOperation() throws IOException {
    Path kubeconfig = dir.resolve("dead.kubeconfig");
    Files.writeString(
        kubeconfig,
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: dead, cluster: {server: "https://127.0.0.1:1"}}]
        contexts: [{name: dead, context: {cluster: dead, user: nobody}}]
        current-context: dead
        users: [{name: nobody, user: {token: t}}]
        """);
    CliRun run =
        withoutRequestRetries(
            () ->
                CliRun.of(
                    "status",
                    "--release",
                    "r",
                    "--namespace",
                    "ns",
                    "--kubeconfig",
                    kubeconfig.toString()));
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("ns/r").contains("cannot reach the API server");
  }

  /**
   * Runs the command with the Kubernetes client's retries turned off (its standard system property,
   * read when a client is configured): a refused connection is otherwise retried with backoff for
   * about 20 s before the same error surfaces, and what is asserted is the error.
   */
  private static CliRun withoutRequestRetries(Supplier<CliRun> command) {
    String previous = System.setProperty(RETRY_LIMIT, "0");
    try {
      return command.get();
    } finally {
      if (previous == null) {
        System.clearProperty(RETRY_LIMIT);
      } else {
        System.setProperty(RETRY_LIMIT, previous);
      }
    }
  }

  @Test
  void everyCommandHasHelp() {
    for (String[] cmd :
        List.of(
            new String[] {"--help"},
            new String[] {"catalog", "--help"},
            new String[] {"catalog", "list", "--help"},
            new String[] {"catalog", "show", "--help"},
            new String[] {"plan", "--help"},
            new String[] {"verify", "--help"})) {
      CliRun run = CliRun.of(cmd);
      assertThat(run.exitCode()).isZero();
      assertThat(run.out()).contains("Usage: swiss");
    }
    assertThat(CliRun.of("--help").out()).contains("catalog").contains("plan").contains("verify");
  }
}
