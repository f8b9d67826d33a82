package dev.modelsphere.swiss.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.cli.Main;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.BrowserTest;
import dev.modelsphere.swiss.testing.CanarySimulation;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.HelmCli;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.Nginx;
import dev.modelsphere.swiss.testing.ReconcilingOperatorSimulation;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The web UI in Debian's Chromium against one real {@code swiss serve} on the test cluster: our
 * demo catalog and charts, kwok nodes that run the pods, login on, the LLMService operator
 * simulated. Java owns the cluster and the server; each test runs one Playwright spec of {@code
 * web/e2e/} (see {@link BrowserScenario}) and does what the spec asks to happen behind the UI's
 * back. Each test names its own releases; screenshots land in {@code target/e2e/}, and the run's
 * one Playwright report in {@code target/e2e/report}.
 */
@BrowserTest
@ClusterTest
@ExtendWith(BrowserReport.class)
class WebUiInABrowserTest {
  @RegisterExtension static final KubeCluster cluster = KubeCluster.perClass();

  // basePath: the proxy tests reach this server through nginx under Nginx.PASSED_ON too. One
  // trusted
  // proxy hop: nginx names the browser's host in X-Forwarded-Host under its other prefix.
  private static final String DEPLOYING =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n"
          + "  basePath: "
          + Nginx.PASSED_ON
          + "\n  security:\n    trustedProxyHops: 1\n";
  private static final String SMALL_MODEL = "smollm3-3b";
  private static final String VERSIONED_MODEL = "mistral-small-24b";
  private static final int FLEET = 1000;

  @TempDir static Path dir;
  private static TestServer server;
  private static ReconcilingOperatorSimulation operator;
  private static AdminApi api;
  private static Nginx proxy;

  @BeforeAll
  static void serve() {
    Crds.installLlmService(cluster.admin());
    operator = new ReconcilingOperatorSimulation(cluster.admin(), cluster.namespace());
    server = TestServer.onDemoSite(dir, cluster, cluster.namespace(), DEPLOYING, "web");
    api = new AdminApi(server, cluster.namespace());
  }

  @AfterAll
  static void stop() {
    if (proxy != null) {
      proxy.close();
    }
    if (server != null) {
      server.close();
    }
    if (operator != null) {
      operator.close();
    }
  }

  /** Each scenario's helm releases go, so the kwok nodes' GPUs are free for the next. */
  @AfterEach
  void uninstallHelmReleases() {
    for (JsonNode row : api.deployments().path("deployments")) {
      if (row.path("backend").asText().equals("helm")) {
        api.uninstall(row.path("release").asText());
      }
    }
  }

  private static BrowserScenario scenario(String script) {
    return BrowserScenario.of(script, server, cluster.namespace());
  }

  @Test
  void signsInAndAWrongPasswordShowsTheServersError() {
    scenario("signs-in-and-a-wrong-password-shows-the-servers-error.spec.mjs").run();
  }

  @Test
  void deploysAModelFromTheCatalogThroughPlanDiffAndInstallAndSeesItReady() {
    scenario("deploys-a-model-from-the-catalog-and-sees-it-ready.spec.mjs")
        .with("MODEL", SMALL_MODEL)
        .with("MODEL_TITLE", "SmolLM3 3B")
        .with("VARIANT", "sglang-tp1")
        .with("RELEASE", "from-the-catalog")
        .run();
  }

  @Test
  void installsAModelWithDotsInItsNameFromTheDeployFormUnderItsDefaultName() {
    scenario("installs-a-dotted-model-under-its-default-name.spec.mjs")
        .with("MODEL", "granite-3.3-8b")
        .with("MODEL_TITLE", "Granite 3.3 8B Instruct")
        .with("VARIANT", "vllm-tp1")
        .with("RELEASE", "granite-3-3-8b")
        .run();

    assertThat(
            cluster
                .admin()
                .services()
                .inNamespace(cluster.namespace())
                .withName("granite-3-3-8b-vllm")
                .get())
        .as("the Service the chart names after the release")
        .isNotNull();
  }

  @Test
  void showsANewPodsStartupInOrder() {
    String label = "swiss-e2e-startup-" + cluster.namespace();
    try {
      scenario("shows-a-new-pods-startup-in-order.spec.mjs")
          .with("MODEL", SMALL_MODEL)
          .with("VARIANT", "sglang-tp1")
          .with("RELEASE", "watched-starting")
          .with("NODE_LABEL", label)
          .on(
              "label-a-node",
              key -> {
                // A GPU node: the variant's pod asks for one GPU.
                labelNode("gpu-h100-a", key, "true");
                return "";
              })
          .run();
    } finally {
      labelNode("gpu-h100-a", label, null);
    }
  }

  /** Sets (or, for null, removes) a label of a kwok node, which the scheduler acts on at once. */
  private static void labelNode(String node, String key, String value) {
    cluster
        .admin()
        .nodes()
        .withName(node)
        .edit(
            n -> {
              if (value == null) {
                n.getMetadata().getLabels().remove(key);
              } else {
                n.getMetadata().getLabels().put(key, value);
              }
              return n;
            });
  }

  @Test
  void refusesToApplyAnEmptyDiffInTheUiAndMakesItANoOpThroughTheApi() {
    scenario("refuses-to-apply-an-empty-diff.spec.mjs")
        .with("MODEL", SMALL_MODEL)
        .with("VARIANT", "sglang-tp1")
        .with("RELEASE", "deployed-twice")
        .on("revision", release -> Integer.toString(api.revision(release)))
        .run();

    // What the disabled button would have sent, sent anyway: no revision, recorded unchanged.
    JsonNode answer = api.applyTheRunningPlan("deployed-twice");
    assertThat(answer.path("changed").asBoolean()).isFalse();
    assertThat(answer.path("revision").asInt()).isEqualTo(1);
    assertThat(api.revision("deployed-twice")).isEqualTo(1);
    JsonNode run = api.runs("deployed-twice").path(0);
    assertThat(run.path("action").asText()).isEqualTo("apply");
    assertThat(run.path("changed").asBoolean()).isFalse();
  }

  @Test
  void adoptsAReleaseInstalledWithHelmFromItsDeploymentsRow() throws Exception {
    // Installed by hand with Helm's own CLI, from the values a plan of the same variant holds.
    JsonNode layers = api.compose(SMALL_MODEL, "sglang-tp1", "by-hand").path("layers");
    List<String> helm =
        new ArrayList<>(
            List.of(
                "install",
                "by-hand",
                TestCharts.exampleCharts().resolve("sglang").toString(),
                "-n",
                cluster.namespace()));
    for (Map.Entry<String, JsonNode> layer : layers.properties()) {
      Path values = dir.resolve("by-hand-" + layer.getKey() + ".json");
      Files.writeString(values, layer.getValue().toString());
      helm.addAll(List.of("-f", values.toString()));
    }
    new HelmCli(cluster.kubeconfig()).ok(helm.toArray(String[]::new));

    scenario("adopts-a-release-installed-with-helm-from-its-row.spec.mjs")
        .with("RELEASE", "by-hand")
        .with("MODEL", SMALL_MODEL)
        .with("VARIANT", "sglang-tp1")
        .run();

    assertThat(api.revision("by-hand")).as("adopting made no helm revision").isEqualTo(1);
    JsonNode run = api.runs("by-hand").path(0);
    assertThat(run.path("action").asText()).isEqualTo("adopt");
    assertThat(run.path("changed").asBoolean()).isFalse();
  }

  @Test
  void warnsThatTheServiceIdNamesARelease() {
    api.install(SMALL_MODEL, "1.0.0", "already-here");

    scenario("warns-that-the-service-id-names-a-release.spec.mjs")
        .with("MODEL", SMALL_MODEL)
        .with("RELEASE", "already-here")
        .run();
  }

  @Test
  void flagsAPodOnANodeWithoutItsGpu() {
    // A hand edit empties model.gpus: the demo variant needs one GPU but its pod asks for none,
    // so the node selector alone places it, on the CPU node.
    api.install(
        SMALL_MODEL,
        "1.0.0",
        "on-the-cpu-node",
        "{\"replicaCount\": 1, \"model\": {\"gpus\": \"\"},"
            + " \"nodeSelector\": {\"kubernetes.io/hostname\": \"cpu-1\"}}");

    // This variant is built for H100s; the node selector puts it on the B300 node.
    api.install(
        SMALL_MODEL,
        "1.0.0",
        "sglang-tp2",
        "on-the-wrong-gpu",
        "{\"replicaCount\": 1, \"nodeSelector\": {\"kubernetes.io/hostname\": \"gpu-b300-a\"}}");

    scenario("flags-a-pod-on-a-node-without-its-gpu.spec.mjs")
        .with("RELEASE", "on-the-cpu-node")
        .with("CPU_NODE", "cpu-1")
        .with("WRONG_GPU_RELEASE", "on-the-wrong-gpu")
        .with("WRONG_GPU_NODE", "gpu-b300-a")
        .run();
  }

  @Test
  void upgradesToANewerModelVersionAndOnlyTheCatalogLayerMoves() {
    api.install(VERSIONED_MODEL, "1.0.0", "upgrade-me");

    scenario("upgrades-to-a-newer-model-version-and-only-the-catalog-layer-moves.spec.mjs")
        .with("RELEASE", "upgrade-me")
        .with("FROM_VERSION", "1.0.0")
        .with("TO_VERSION", "1.1.0")
        .on("layers-that-moved", WebUiInABrowserTest::layersThatMoved)
        .run();
  }

  @Test
  void rollsBackToTheFirstRevision() {
    api.install(VERSIONED_MODEL, "1.0.0", "roll-me-back");
    api.upgrade("roll-me-back", "1.1.0", 1);

    scenario("rolls-back-to-the-first-revision.spec.mjs")
        .with("RELEASE", "roll-me-back")
        .with("BACK_TO_VERSION", "1.0.0")
        .with("LIVE_VERSION", "1.1.0")
        .on("live-version", WebUiInABrowserTest::liveVersion)
        .run();
  }

  @Test
  void rollsBackAReplicaChangeAndSummarisesItFirst() {
    api.install(SMALL_MODEL, "1.0.0", "scaled-back");
    assertThat(api.scale("scaled-back", 2, 1)).isEqualTo(2);

    scenario("summarises-what-a-rollback-brings-back.spec.mjs")
        .with("RELEASE", "scaled-back")
        .on("replicas", WebUiInABrowserTest::formReplicas)
        .run();
  }

  @Test
  void showsACliApplyInTheReleasesTimelineWithoutAReload() {
    api.install(SMALL_MODEL, "1.0.0", "applied-from-a-terminal");

    scenario("shows-a-cli-apply-in-the-release-timeline.spec.mjs")
        .with("RELEASE", "applied-from-a-terminal")
        .on("cli-apply", WebUiInABrowserTest::appliedWithTheCli)
        .run();
  }

  @Test
  void tunesAnAdaptiveValueThroughReuseSource() {
    api.install(SMALL_MODEL, "1.0.0", "tune-me");

    scenario("tunes-an-adaptive-value-through-reuse-source.spec.mjs")
        .with("RELEASE", "tune-me")
        .on("stored-form-value", WebUiInABrowserTest::storedFormValue)
        .run();
  }

  @Test
  void everyPagePassesAnAccessibilityScan() {
    api.install(SMALL_MODEL, "1.0.0", "scanned");

    scenario("every-page-passes-an-accessibility-scan.spec.mjs")
        .with("RELEASE", "scanned")
        .with("MODEL", SMALL_MODEL)
        .with("VARIANT", "sglang-tp1")
        .run();
  }

  @Test
  void fitsA390PxScreenWithoutSidewaysScrolling() {
    api.install(SMALL_MODEL, "1.0.0", "narrow");

    scenario("fits-a-390-px-screen-without-sideways-scrolling.spec.mjs")
        .with("RELEASE", "narrow")
        .with("MODEL", SMALL_MODEL)
        .run();
  }

  @Test
  void showsNotFoundPagesForARouteAReleaseAndAModel() {
    scenario("shows-not-found-pages-for-a-route-a-release-and-a-model.spec.mjs").run();
  }

  @Test
  void offersTheCatalogsNewerVersionAndFiltersTheReleases() {
    api.install(VERSIONED_MODEL, "1.0.0", "behind-me");
    api.install(SMALL_MODEL, "1.0.0", "up-to-date");

    scenario("offers-the-catalogs-newer-version-and-filters-the-releases.spec.mjs")
        .with("BEHIND", "behind-me")
        .with("BEHIND_MODEL", VERSIONED_MODEL)
        .with("CURRENT", "up-to-date")
        .with("NEWER", "1.1.0")
        // What the variant (vllm-tp2) asks of the scheduler for its one pod.
        .with("GPUS", "2")
        .run();
  }

  @Test
  void filtersTheCatalogBySearchEngineAndHardware() {
    scenario("filters-the-catalog-by-search-engine-and-hardware.spec.mjs").run();
  }

  @Test
  void showsWhichReleaseHoldsEachGpuOfANodeAndTheUseOverTime() {
    api.install(VERSIONED_MODEL, "1.0.0", "holds-gpus");

    scenario("shows-which-release-holds-each-gpu-of-a-node.spec.mjs")
        .with("RELEASE", "holds-gpus")
        .with("GPU_POD", scheduledPod("holds-gpus"))
        .with("GPUS", "2")
        .run();
  }

  /** The name of the release's pod once the scheduler has placed it (kwok then runs it). */
  private static String scheduledPod(String release) {
    return await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                cluster
                    .admin()
                    .pods()
                    .inNamespace(cluster.namespace())
                    .withLabel("app.kubernetes.io/instance", release)
                    .list()
                    .getItems()
                    .stream()
                    .filter(pod -> pod.getSpec().getNodeName() != null)
                    .map(pod -> pod.getMetadata().getName())
                    .findFirst(),
            java.util.Optional::isPresent)
        .orElseThrow();
  }

  @Test
  void seesAnOwnedAndAReferencedLlmServiceWithTheirParents() {
    ReleaseSeeds seeds = new ReleaseSeeds(cluster);
    seeds.service(seeds.repoPlan("arm-owned"), Map.of(), Map.of());
    // The experiment takes the service once the operator has written its status, as it does.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> applied(cluster.llmServices().withName("arm-owned").get()));
    new CanarySimulation(cluster.admin(), cluster.namespace())
        .own("arm-owned", "exp-owner", "candidate");
    seeds.service(
        seeds.repoPlan("arm-lent"),
        Map.of(),
        Map.of(ReleaseSeeds.CANARY.assignmentAnnotation(), "lab/exp-lender:baseline"));

    scenario("sees-an-owned-and-a-referenced-llmservice-with-their-parents.spec.mjs")
        .with("OWNED_SERVICE", "arm-owned")
        .with("OWNED_BY", "exp-owner")
        .with("OWNED_ARM", "candidate")
        .with("LENT_SERVICE", "arm-lent")
        .with("LENT_TO_NAMESPACE", "lab")
        .with("LENT_TO", "exp-lender")
        .with("LENT_ARM", "baseline")
        .run();
  }

  @Test
  void uninstallsAReleaseAfterItsNameIsTyped() {
    api.install(SMALL_MODEL, "1.0.0", "uninstall-me");

    scenario("uninstalls-a-release-after-its-name-is-typed.spec.mjs")
        .with("RELEASE", "uninstall-me")
        .on("release-is-gone", WebUiInABrowserTest::leftovers)
        .run();
  }

  @Test
  void showsChangesBehindItsBackWithinTwoSeconds() {
    api.install(SMALL_MODEL, "1.0.0", "watched");

    scenario("shows-changes-behind-its-back-within-two-seconds.spec.mjs")
        .with("RELEASE", "watched")
        .with("SECOND_RELEASE", "installed-behind")
        .on(
            "delete-pod",
            pod -> {
              cluster.admin().pods().inNamespace(cluster.namespace()).withName(pod).delete();
              return Long.toString(System.currentTimeMillis());
            })
        .on("install", WebUiInABrowserTest::installedWithTheCliAt)
        .run();
  }

  @Test
  void worksBehindAProxyThatPassesItsPrefixOn() {
    behindTheProxy(Nginx.PASSED_ON, "passed-on");
  }

  @Test
  void worksBehindAProxyThatStripsItsPrefixAndSaysSo() {
    behindTheProxy(Nginx.STRIPPED, "stripped");
  }

  /**
   * Signs in, lists, follows live events and opens a release through nginx under {@code prefix}.
   */
  private static void behindTheProxy(String prefix, String name) {
    if (proxy == null) {
      proxy = Nginx.inFrontOf(server.server().port(), dir.resolve("nginx"));
    }
    api.install(SMALL_MODEL, "1.0.0", "proxied-" + name);

    BrowserScenario.of(
            "works-behind-a-proxy-under-a-prefix.spec.mjs", proxy.url(prefix), cluster.namespace())
        .with("RELEASE", "proxied-" + name)
        .with("SECOND_RELEASE", "installed-through-" + name)
        .with("SCREENSHOT", "behind-a-proxy-" + name)
        .on("install", WebUiInABrowserTest::installedWithTheCliAt)
        .run();
  }

  /**
   * {@link #installWithTheCli}, answering when it was done (epoch milliseconds) to the scenario.
   */
  private static String installedWithTheCliAt(String release) {
    installWithTheCli(release);
    return Long.toString(System.currentTimeMillis());
  }

  /**
   * {@code swiss install} as someone's terminal runs it, with the server's own config (the demo
   * catalog and site profile): the server learns of it only through its watches.
   */
  private static void installWithTheCli(String release) {
    runTheCli("install", release, "--set", "replicaCount=1");
  }

  /**
   * {@code swiss apply} of {@code release} to two replicas with a note, from a terminal as {@link
   * #installWithTheCli} is; answers the revision it made.
   */
  private static String appliedWithTheCli(String release) {
    runTheCli(
        "apply",
        release,
        "--service-id",
        release,
        "--set",
        "replicaCount=2",
        "--note",
        "scaled from a terminal");
    return Integer.toString(api.revision(release));
  }

  private static void runTheCli(String command, String release, String... more) {
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(new StringWriter(), true));
    cli.setErr(new PrintWriter(err, true));
    List<String> args =
        new ArrayList<>(
            List.of(
                command,
                "--config",
                dir.resolve("swiss.yaml").toString(),
                "--kubeconfig",
                cluster.kubeconfig().toString(),
                "--model",
                SMALL_MODEL,
                "--model-version",
                "1.0.0",
                "--release",
                release,
                "--namespace",
                cluster.namespace()));
    args.addAll(List.of(more));
    int code = cli.execute(args.toArray(String[]::new));
    assertThat(code).as("swiss %s %s: %s", command, release, err).isZero();
  }

  @Test
  void rendersTheFirstPageOf1000ReleasesInUnderASecond() throws Exception {
    String namespace =
        "t-e2e-fleet-" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20), 36);
    createNamespace(namespace);
    try {
      ManyReleases.seed(cluster.kube(), namespace, FLEET);
      try (TestServer fleet =
          TestServer.onDemoSite(dir.resolve("fleet"), cluster, namespace, DEPLOYING, "web")) {
        AdminApi fleetApi = new AdminApi(fleet, namespace);
        await()
            .alias("the fleet server lists every release")
            .atMost(Duration.ofSeconds(60))
            .until(() -> fleetApi.deployments().path("summary").path("total").asInt() == FLEET);

        BrowserScenario.of(
                "renders-the-first-page-of-1000-releases-in-under-a-second.spec.mjs",
                fleet,
                namespace)
            .with("RELEASES", Integer.toString(FLEET))
            .run();
      }
    } finally {
      cluster.admin().namespaces().withName(namespace).delete();
    }
  }

  /** For "{@code <release> <from> <to>}": the layers whose values differ between the revisions. */
  private static String layersThatMoved(String arg) {
    String[] words = arg.split(" ");
    api.awaitRevision(words[0], Integer.parseInt(words[2]));
    JsonNode from = api.plan(words[0], Integer.parseInt(words[1])).path("layers");
    JsonNode to = api.plan(words[0], Integer.parseInt(words[2])).path("layers");
    Set<String> names = new TreeSet<>();
    from.fieldNames().forEachRemaining(names::add);
    to.fieldNames().forEachRemaining(names::add);
    return names.stream()
        .filter(name -> !from.path(name).equals(to.path(name)))
        .collect(Collectors.joining(","));
  }

  /** For "{@code <release> <revision>}": the catalog version of the plan stored at it. */
  private static String liveVersion(String arg) {
    String[] words = arg.split(" ");
    api.awaitRevision(words[0], Integer.parseInt(words[1]));
    return api.plan(words[0]).path("source").path("version").asText();
  }

  /**
   * For "{@code <release> <revision> <dotted.path>}": the form value there of the plan stored at
   * that revision, as JSON.
   */
  private static String storedFormValue(String arg) {
    String[] words = arg.split(" ");
    api.awaitRevision(words[0], Integer.parseInt(words[1]));
    JsonNode value = api.plan(words[0]).path("layers").path("form");
    for (String key : words[2].split("\\.")) {
      value = value.path(key);
    }
    return value.toString();
  }

  /** For "{@code <release> <revision>}": the form layer's replicaCount of the plan stored at it. */
  private static String formReplicas(String arg) {
    String[] words = arg.split(" ");
    api.awaitRevision(words[0], Integer.parseInt(words[1]));
    return api.plan(words[0]).path("layers").path("form").path("replicaCount").asText();
  }

  private static boolean applied(LlmService svc) {
    return svc.getStatus() != null && svc.getStatus().phase() == Phase.Applied;
  }

  /** "gone", or what the uninstall left of {@code release} in the cluster. */
  private static String leftovers(String release) {
    List<String> left = new ArrayList<>();
    cluster.admin().secrets().inNamespace(cluster.namespace()).list().getItems().stream()
        .map(s -> s.getMetadata().getName())
        .filter(name -> name.startsWith("sh.helm.release.v1." + release + ".v"))
        .forEach(left::add);
    if (cluster
        .kube()
        .configMap(cluster.namespace(), PlanConfigMapName.of(release).toString())
        .isPresent()) {
      left.add(PlanConfigMapName.of(release).toString());
    }
    return left.isEmpty() ? "gone" : "left behind: " + left;
  }

  private static void createNamespace(String name) {
    cluster
        .admin()
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("swiss.modelsphere.dev/test", "true")
                .endMetadata()
                .build())
        .create();
  }
}
