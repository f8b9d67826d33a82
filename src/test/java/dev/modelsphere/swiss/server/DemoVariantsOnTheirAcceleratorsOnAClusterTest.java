package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.catalog.Accelerator;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's data tells the truth: every variant of every model's newest version in the demo
 * catalog, installed through the API as the deploy page does it (the variant's listed GPU products
 * chosen), asks the scheduler for its accelerators, so each pod lands on a kwok node that has them,
 * and the Nodes page's GPUs in use are what those pods asked for.
 */
@ClusterTest
class DemoVariantsOnTheirAcceleratorsOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;
  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** One variant as the demo catalog's index lists it. */
  private record Variant(String model, String version, String id, JsonNode requires) {
    String release() {
      return (model + "-" + id).replace('.', '-');
    }

    int gpus() {
      return requires.path("gpus").asInt();
    }

    Accelerator accelerator() {
      return Accelerator.forVendor(requires.path("vendor").asText(""));
    }
  }

  @Test
  void everyDemoVariantRunsOnANodeWithItsAcceleratorAndTheNodesCountWhatItsPodsAsked()
      throws IOException {
    server = TestServer.onDemoSite(dir, cluster, TestServer.DEPLOYING_WITHOUT_LOGIN);
    List<Variant> variants = newestVariants();
    assertThat(variants).as("the demo catalog's variants").hasSizeGreaterThanOrEqualTo(5);

    for (Variant variant : variants) {
      install(variant);
    }

    Map<String, Pod> pods =
        await()
            .atMost(Duration.ofSeconds(90))
            .until(this::scheduled, p -> p.size() == variants.size());
    int asked = 0;
    for (Variant variant : variants) {
      Pod pod = pods.get(variant.release());
      Node node = cluster.admin().nodes().withName(pod.getSpec().getNodeName()).get();
      Accelerator accelerator = variant.accelerator();
      assertThat(limit(pod, accelerator.resource()))
          .as("%s asks for its %d %s", variant.release(), variant.gpus(), accelerator.resource())
          .isEqualTo((long) variant.gpus());
      assertThat(limit(pod, "ephemeral-storage"))
          .as("%s asks for scratch", variant.release())
          .isPositive();
      assertThat(node.getStatus().getAllocatable())
          .as(
              "%s landed on %s, which has %s",
              variant.release(), node.getMetadata().getName(), accelerator.resource())
          .containsKey(accelerator.resource());
      assertThat(node.getMetadata().getLabels()).containsKey(accelerator.productLabel());
      for (JsonNode product : variant.requires().path("gpuProduct")) {
        assertThat(node.getMetadata().getLabels())
            .as("%s is pinned to %s", variant.release(), product.asText())
            .containsEntry(accelerator.productLabel(), product.asText());
      }
      asked += variant.gpus();
    }

    // The Nodes page reads the server's pod watch, a moment behind the scheduler.
    int expected = asked;
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertTheNodesCount(expected));
  }

  private void assertTheNodesCount(int askedByThisTest) {
    JsonNode report = TestServer.json(server.get("/api/nodes").body());
    int heldByThisTest = 0;
    for (JsonNode node : report.path("nodes")) {
      for (JsonNode pod : node.path("gpuPods")) {
        if (pod.path("namespace").asText().equals(cluster.namespace())) {
          heldByThisTest += pod.path("gpus").asInt();
        }
      }
      assertThat(node.path("gpusUsed").asLong())
          .as("GPUs in use on %s", node.path("Name").asText())
          .isEqualTo(gpusRunningOn(node.path("Name").asText()));
    }
    assertThat(heldByThisTest)
        .as("the GPUs the Nodes page counts for this test's pods")
        .isEqualTo(askedByThisTest);
    JsonNode points = TestServer.json(server.get("/api/nodes/history").body()).path("points");
    assertThat(points.path(points.size() - 1).path("gpusUsed").asInt())
        .as("the allocation over time ends where the Nodes page stands")
        .isEqualTo(report.path("summary").path("gpusUsed").asInt());
    // Other tests' pods may come and go on the shared cluster, so only this is certain: the
    // history began before these pods were placed, and they moved it.
    assertThat(points.size())
        .as("a point from the start, then one after the installs")
        .isGreaterThanOrEqualTo(3);
  }

  /** Every variant of each model's newest version, from the demo catalog's index. */
  private static List<Variant> newestVariants() throws IOException {
    JsonNode index =
        new ObjectMapper()
            .readTree(TestCharts.project().resolve("examples/catalog/index.json").toFile());
    List<Variant> variants = new ArrayList<>();
    for (JsonNode model : index.path("models")) {
      String latest = model.path("latest").asText();
      for (JsonNode version : model.path("versions")) {
        if (!version.path("version").asText().equals(latest)) {
          continue;
        }
        for (JsonNode variant : version.path("variants")) {
          variants.add(
              new Variant(
                  model.path("name").asText(),
                  latest,
                  variant.path("id").asText(),
                  variant.path("requires")));
        }
      }
    }
    return variants;
  }

  private void install(Variant variant) {
    String products = variant.requires().path("gpuProduct").toString();
    TestServer.Reply plan =
        server.post(
            "/api/plans",
            """
            {"model": "%s", "version": "%s", "variant": "%s", "namespace": "%s",
             "serviceId": "%s", "gpuProducts": %s}
            """
                .formatted(
                    variant.model(),
                    variant.version(),
                    variant.id(),
                    cluster.namespace(),
                    variant.release(),
                    products.equals("") ? "[]" : products));
    assertThat(plan.status()).as("plan %s: %s", variant.release(), plan.body()).isEqualTo(200);
    String hash = TestServer.json(plan.body()).path("hash").asText();
    TestServer.Reply installed =
        server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash));
    assertThat(installed.status())
        .as("install %s: %s", variant.release(), installed.body())
        .isEqualTo(200);
  }

  /** This test's pods that the scheduler placed, by release. */
  private Map<String, Pod> scheduled() {
    Map<String, Pod> byRelease = new HashMap<>();
    for (Pod pod : cluster.admin().pods().inNamespace(cluster.namespace()).list().getItems()) {
      String release = pod.getMetadata().getLabels().get("app.kubernetes.io/instance");
      if (release != null && pod.getSpec().getNodeName() != null) {
        byRelease.put(release, pod);
      }
    }
    return byRelease;
  }

  /** What the pods running on {@code node} in the whole cluster hold of any GPU resource. */
  private long gpusRunningOn(String node) {
    long held = 0;
    for (Pod pod :
        cluster
            .admin()
            .pods()
            .inAnyNamespace()
            .withField("spec.nodeName", node)
            .list()
            .getItems()) {
      if (!"Running".equals(pod.getStatus().getPhase())) {
        continue;
      }
      for (Accelerator accelerator : Accelerator.known()) {
        held += limit(pod, accelerator.resource());
      }
    }
    return held;
  }

  /** What {@code pod}'s containers set as their limit of {@code resource}, in its units. */
  private static long limit(Pod pod, String resource) {
    long total = 0;
    for (Container container : pod.getSpec().getContainers()) {
      Map<String, Quantity> limits =
          container.getResources() == null ? null : container.getResources().getLimits();
      if (limits != null && limits.containsKey(resource)) {
        total += Quantity.getAmountInBytes(limits.get(resource)).longValue();
      }
    }
    return total;
  }
}
