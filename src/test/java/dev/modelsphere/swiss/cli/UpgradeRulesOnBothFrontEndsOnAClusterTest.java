package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One table of upgrade rules, run against both front ends on the same cluster (issue 39): {@code
 * POST /api/plans} with {@code fromRelease} through a real {@code swiss serve}, a local {@code
 * swiss apply --model M --release R} (no server) on the same deployed release, and the same command
 * through the server ({@code --server}). Each case must end the same way on all three: the same
 * plan, or the same refusal naming the same facts, with nothing written.
 *
 * <p>The release each case starts from runs our demo model's two-GPU variant on the product it
 * lists, with a service id, a form value and an edit of its own, installed through the API.
 */
@ClusterTest
class UpgradeRulesOnBothFrontEndsOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "smollm3-3b";
  private static final String TWO_GPUS = "sglang-tp2";
  private static final String LISTED = "NVIDIA-H100-80GB-HBM3";

  /** On the test cluster's nodes, and not listed by the variant. */
  private static final String UNLISTED_HERE = "NVIDIA-B300-SXM6-AC";

  /** Neither listed nor on the test cluster. */
  private static final String NOWHERE = "NVIDIA-A100-SXM4-80GB";

  private static final String RELEASE = "chat";
  private static final String SERVICE_ID = "chat-svc";
  private static final Map<String, Object> EDITS = Map.of("podLabels", Map.of("team", "search"));

  @TempDir Path dir;
  private TestServer server;
  private Plan deployed;

  @BeforeEach
  void deployTheReleaseThroughTheApi() throws Exception {
    server = TestServer.onDemoSite(dir, cluster, TestServer.DEPLOYING_WITHOUT_LOGIN);
    Map<String, Object> first = new LinkedHashMap<>();
    first.put("model", MODEL);
    first.put("variant", TWO_GPUS);
    first.put("release", RELEASE);
    first.put("namespace", cluster.namespace());
    first.put("serviceId", SERVICE_ID);
    first.put("gpuProducts", List.of(LISTED));
    first.put("overrides", Map.of("terminationGracePeriodSeconds", 60));
    first.put("editsYAML", "podLabels: {team: search}\n");
    String hash = server.planHash(JSON.writeValueAsString(first));
    server.post("/api/install", JSON.writeValueAsString(Map.of("planHash", hash))).ok();
    deployed = running();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        accepted(
            "a bare upgrade carries the deployed form and edits forward",
            upgrade(),
            (plan, was) -> {
              assertThat(plan.hash()).isEqualTo(was.hash());
              assertThat(plan.layer("edit")).isEqualTo(EDITS);
            }),
        accepted(
            "a form value is merged over the deployed form, whose service id stays",
            upgrade().set("terminationGracePeriodSeconds", 30),
            (plan, was) ->
                assertThat(plan.layer("form"))
                    .containsEntry("serviceId", SERVICE_ID)
                    .containsKey("affinity")
                    .extractingByKey("terminationGracePeriodSeconds")
                    .asString()
                    .isEqualTo("30")),
        accepted(
            "another variant of the deployed model may be named",
            upgrade().variant("sglang-tp1"),
            (plan, was) -> assertThat(plan.source().variant()).isEqualTo("sglang-tp1")),
        refused(
            "the service id cannot change",
            upgrade().serviceId("other-svc").set("terminationGracePeriodSeconds", 30),
            "serviceId cannot change",
            SERVICE_ID,
            "other-svc"),
        refused(
            "a GPU product the variant does not list is refused",
            upgrade().gpuProduct(UNLISTED_HERE).set("terminationGracePeriodSeconds", 30),
            "supports GPU products",
            LISTED,
            UNLISTED_HERE,
            "forceGpuProducts"),
        accepted(
            "a forced GPU product this cluster has is taken",
            upgrade().gpuProduct(UNLISTED_HERE).force().set("terminationGracePeriodSeconds", 30),
            (plan, was) -> assertThat(PlanJson.toJson(plan)).contains(UNLISTED_HERE)),
        refused(
            "a forced GPU product this cluster lacks is refused, read from its nodes",
            upgrade().gpuProduct(NOWHERE).force().set("terminationGracePeriodSeconds", 30),
            NOWHERE,
            "not on this cluster"),
        refused(
            "an upgrade of a release that is not there is refused",
            upgrade().release("ghost"),
            "cannot upgrade ghost"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void bothFrontEndsEndTheSameWay(String name, Upgrade upgrade, Expect expect) throws Exception {
    TestServer.Reply api =
        server.post("/api/plans", JSON.writeValueAsString(upgrade.body(cluster.namespace())));
    CliRun cli = CliRun.of(upgrade.applyArgs(cluster.namespace(), dir, cluster.kubeconfig()));
    // After the local apply, which an accepted upgrade makes a no-op: the same plan composed again.
    CliRun viaServer = CliRun.of(upgrade.applyArgsThrough(server.url(), cluster.namespace()));

    if (expect.facts().isEmpty()) {
      assertThat(api.status()).as(api.body()).isEqualTo(200);
      assertThat(cli.exitCode()).as(cli.err()).isZero();
      assertThat(viaServer.exitCode()).as(viaServer.err()).isZero();
      Plan composed = PlanJson.fromJson("the API's plan", api.body());
      expect.check().accept(composed, deployed);
      assertThat(running().hash()).as("the plan both CLIs applied").isEqualTo(composed.hash());
      // A diff through the server composes from the release as it runs, as an apply does: so the
      // same flags now change nothing (exit 0), where a plan of a new release would (exit 2).
      CliRun diff = CliRun.of(upgrade.argsThrough("diff", server.url(), cluster.namespace()));
      assertThat(diff.exitCode()).as(diff.out() + diff.err()).isZero();
    } else {
      assertThat(api.status()).as(api.body()).isEqualTo(400);
      assertThat(cli.exitCode()).as(cli.err()).isEqualTo(ExitCodes.FAILED);
      assertThat(viaServer.exitCode()).as(viaServer.err()).isEqualTo(ExitCodes.FAILED);
      String[] facts = expect.facts().toArray(String[]::new);
      assertThat(TestServer.json(api.body()).path("error").asText()).contains(facts);
      assertThat(cli.err()).contains(facts);
      assertThat(viaServer.err()).contains(facts);
      assertThat(running().hash()).as("nothing written").isEqualTo(deployed.hash());
    }
  }

  private Plan running() {
    return PlanFiles.readable(
            cluster
                .kube()
                .configMap(cluster.namespace(), PlanConfigMapName.of(RELEASE).toString())
                .orElseThrow())
        .orElseThrow();
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private static Upgrade upgrade() {
    return new Upgrade();
  }

  private static Arguments accepted(String name, Upgrade upgrade, PlanCheck check) {
    return Arguments.of(name, upgrade, new Expect(List.of(), check));
  }

  private static Arguments refused(String name, Upgrade upgrade, String... facts) {
    return Arguments.of(name, upgrade, new Expect(List.of(facts), (plan, was) -> {}));
  }

  /** What is true of the plan both composed, given the plan deployed before. */
  interface PlanCheck {
    void accept(Plan plan, Plan deployed);
  }

  /** Accepted with a check of the plan, or refused naming {@code facts}. */
  record Expect(List<String> facts, PlanCheck check) {}

  /**
   * One upgrade request, said both ways: as the body of {@code POST /api/plans} and as the flags of
   * {@code swiss apply}.
   */
  static final class Upgrade {
    private String release = RELEASE;
    private String variant = "";
    private String serviceId = "";
    private final List<String> gpuProducts = new ArrayList<>();
    private boolean force;
    private final Map<String, Object> overrides = new LinkedHashMap<>();

    Upgrade release(String value) {
      release = value;
      return this;
    }

    Upgrade variant(String value) {
      variant = value;
      return this;
    }

    Upgrade serviceId(String value) {
      serviceId = value;
      return this;
    }

    Upgrade gpuProduct(String value) {
      gpuProducts.add(value);
      return this;
    }

    Upgrade force() {
      force = true;
      return this;
    }

    Upgrade set(String key, Object value) {
      overrides.put(key, value);
      return this;
    }

    Map<String, Object> body(String namespace) {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("fromRelease", release);
      body.put("model", MODEL);
      body.put("release", release);
      body.put("namespace", namespace);
      putIfSet(body, "variant", variant);
      putIfSet(body, "serviceId", serviceId);
      if (!gpuProducts.isEmpty()) {
        body.put("gpuProducts", gpuProducts);
      }
      if (force) {
        body.put("forceGpuProducts", true);
      }
      if (!overrides.isEmpty()) {
        body.put("overrides", overrides);
      }
      return body;
    }

    String[] applyArgs(String namespace, Path site, Path kubeconfig) {
      return args(
          "apply",
          namespace,
          List.of(
              "--config",
              site.resolve("swiss.yaml").toString(),
              "--kubeconfig",
              kubeconfig.toString()));
    }

    /** The same {@code swiss apply}, sent to the server at {@code url}. */
    String[] applyArgsThrough(String url, String namespace) {
      return argsThrough("apply", url, namespace);
    }

    /** {@code swiss COMMAND} with these flags, sent to the server at {@code url}. */
    String[] argsThrough(String command, String url, String namespace) {
      return args(command, namespace, List.of("--server", url));
    }

    private String[] args(String command, String namespace, List<String> target) {
      List<String> args =
          new ArrayList<>(
              List.of(command, "--model", MODEL, "--release", release, "--namespace", namespace));
      args.addAll(target);
      if (!variant.isEmpty()) {
        args.addAll(List.of("--variant", variant));
      }
      if (!serviceId.isEmpty()) {
        args.addAll(List.of("--service-id", serviceId));
      }
      gpuProducts.forEach(p -> args.addAll(List.of("--gpu-product", p)));
      if (force) {
        args.add("--force-gpu-products");
      }
      overrides.forEach((key, value) -> args.addAll(List.of("--set", key + "=" + value)));
      return args.toArray(String[]::new);
    }

    private static void putIfSet(Map<String, Object> body, String member, String value) {
      if (!value.isEmpty()) {
        body.put(member, value);
      }
    }

    @Override
    public String toString() {
      return body("").toString();
    }
  }
}
