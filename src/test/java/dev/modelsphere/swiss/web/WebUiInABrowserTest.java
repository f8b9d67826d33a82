package dev.modelsphere.swiss.web;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.CanarySimulation;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReconcilingOperatorSimulation;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web UI in Debian's Chromium against one real {@code swiss serve} on the test cluster: our
 * demo catalog and charts, kwok nodes that run the pods, login on, the LLMService operator
 * simulated. Java owns the cluster and the server; each test runs one Node scenario of {@code
 * web/e2e/} (see {@link BrowserScenario}) and does what the scenario asks to happen behind the UI's
 * back. Each test names its own releases; screenshots land in {@code target/e2e/}.
 */
class WebUiInABrowserTest {
  @RegisterExtension static final KubeCluster cluster = KubeCluster.perClass();

  private static final String DEPLOYING =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n";
  private static final String SMALL_MODEL = "smollm3-3b";
  private static final int FLEET = 1000;

  @TempDir static Path dir;
  private static TestServer server;
  private static ReconcilingOperatorSimulation operator;
  private static AdminApi api;

  @BeforeAll
  static void serve() {
    Crds.installLlmService(cluster.admin());
    operator = new ReconcilingOperatorSimulation(cluster.admin(), cluster.namespace());
    server = TestServer.onDemoSite(dir, cluster, cluster.namespace(), DEPLOYING, "web");
    api = new AdminApi(server, cluster.namespace());
  }

  @AfterAll
  static void stop() {
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
    scenario("signs-in-and-a-wrong-password-shows-the-servers-error.mjs").run();
  }

  @Test
  void seesAnOwnedAndAReferencedLlmServiceWithTheirParents() {
    ReleaseSeeds seeds = new ReleaseSeeds(cluster);
    seeds.service(seeds.repoPlan("arm-owned"), Map.of(), Map.of());
    new CanarySimulation(cluster.admin(), cluster.namespace())
        .own("arm-owned", "exp-owner", "candidate");
    seeds.service(
        seeds.repoPlan("arm-lent"),
        Map.of(),
        Map.of(ReleaseSeeds.CANARY.assignmentAnnotation(), "lab/exp-lender:baseline"));

    scenario("sees-an-owned-and-a-referenced-llmservice-with-their-parents.mjs")
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

    scenario("uninstalls-a-release-after-its-name-is-typed.mjs")
        .with("RELEASE", "uninstall-me")
        .on("release-is-gone", WebUiInABrowserTest::leftovers)
        .run();
  }

  @Test
  void showsChangesBehindItsBackWithinTwoSeconds() {
    api.install(SMALL_MODEL, "1.0.0", "watched");

    scenario("shows-changes-behind-its-back-within-two-seconds.mjs")
        .with("RELEASE", "watched")
        .with("SECOND_RELEASE", "installed-behind")
        .on(
            "delete-pod",
            pod -> {
              cluster.admin().pods().inNamespace(cluster.namespace()).withName(pod).delete();
              return Long.toString(System.currentTimeMillis());
            })
        .on(
            "install",
            release -> {
              api.install(SMALL_MODEL, "1.0.0", release);
              return Long.toString(System.currentTimeMillis());
            })
        .run();
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
                "renders-the-first-page-of-1000-releases-in-under-a-second.mjs", fleet, namespace)
            .with("RELEASES", Integer.toString(FLEET))
            .run();
      }
    } finally {
      cluster.admin().namespaces().withName(namespace).delete();
    }
  }

  /** "gone", or what the uninstall left of {@code release} in the cluster. */
  private static String leftovers(String release) {
    List<String> left = new ArrayList<>();
    cluster.admin().secrets().inNamespace(cluster.namespace()).list().getItems().stream()
        .map(s -> s.getMetadata().getName())
        .filter(name -> name.startsWith("sh.helm.release.v1." + release + ".v"))
        .forEach(left::add);
    if (cluster.kube().configMap(cluster.namespace(), Kube.PLAN_PREFIX + release).isPresent()) {
      left.add(Kube.PLAN_PREFIX + release);
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
