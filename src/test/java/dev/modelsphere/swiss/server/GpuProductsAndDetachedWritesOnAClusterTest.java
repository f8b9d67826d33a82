package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * GPU products on {@code POST /api/plans} (reference server.md §4.4) against the kwok nodes, and a
 * write whose client went away: it finishes, and its record and audit row are written anyway.
 */
@ClusterTest
class GpuProductsAndDetachedWritesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  /** The demo catalog's variant that lists one product, on the kwok nodes' vendor. */
  private static final String LISTING = "\"model\": \"smollm3-3b\", \"variant\": \"sglang-tp2\"";

  private static final String AFFINITY =
      "/layers/form/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution"
          + "/nodeSelectorTerms/0/matchExpressions/0";

  @TempDir Path dir;
  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private void serve(String productLabels) {
    server =
        TestServer.onDemoSite(dir, cluster, TestServer.DEPLOYING_WITHOUT_LOGIN + productLabels);
  }

  private TestServer.Reply plan(String fields) {
    return server.post(
        "/api/plans",
        "{%s, \"namespace\": \"%s\"%s}".formatted(LISTING, cluster.namespace(), fields));
  }

  @Test
  void aListedProductBecomesTheAffinityTermOnTheVendorsLabel() {
    serve("");

    TestServer.Reply r = plan(", \"gpuProducts\": [\"NVIDIA-H100-80GB-HBM3\"]");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    JsonNode term = TestServer.json(r.body()).at(AFFINITY);
    assertThat(term.path("key").asText()).isEqualTo("nvidia.com/gpu.product");
    assertThat(term.path("operator").asText()).isEqualTo("In");
    assertThat(term.path("values").path(0).asText()).isEqualTo("NVIDIA-H100-80GB-HBM3");
  }

  @Test
  void theAffinityTermUsesTheProductLabelTheServerIsConfiguredWith() {
    serve("  gpuProductLabels:\n    nvidia.com/gpu: example.com/gpu-model\n");

    TestServer.Reply r = plan(", \"gpuProducts\": [\"NVIDIA-H100-80GB-HBM3\"]");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    assertThat(TestServer.json(r.body()).at(AFFINITY).path("key").asText())
        .isEqualTo("example.com/gpu-model");
  }

  @Test
  void anUnlistedProductIsRefusedUnlessForcedAndForcedOnlyWhenTheClusterHasIt() {
    serve("");

    TestServer.Reply unlisted = plan(", \"gpuProducts\": [\"NVIDIA-A100-SXM4-80GB\"]");
    TestServer.Reply forcedMissing =
        plan(", \"gpuProducts\": [\"NVIDIA-A100-SXM4-80GB\"], \"forceGpuProducts\": true");

    assertThat(unlisted.status()).isEqualTo(400);
    assertThat(unlisted.body()).contains("NVIDIA-A100-SXM4-80GB", "forceGpuProducts");
    assertThat(forcedMissing.status()).isEqualTo(400);
    assertThat(forcedMissing.body())
        .contains("not on this cluster as nvidia.com/gpu", "NVIDIA-H100-80GB-HBM3");
  }

  @Test
  void aClientThatHangsUpMidInstallStillLeavesTheRecordAndTheAuditRow() throws Exception {
    serve("");
    TestServer.Reply composed =
        server.post(
            "/api/plans",
            "{\"model\": \"smollm3-3b\", \"namespace\": \"%s\", \"release\": \"hangup\"}"
                .formatted(cluster.namespace()));
    String hash = TestServer.json(composed.body()).path("hash").asText();

    // The whole request is sent, then the connection is closed before any answer: the client is
    // gone while the install runs, and the install must not care.
    String body = "{\"planHash\": \"%s\"}".formatted(hash);
    try (Socket socket = new Socket("127.0.0.1", server.server().port())) {
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /api/install HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Content-Length: %d\r\nConnection: close\r\n\r\n%s")
              .formatted(body.getBytes(StandardCharsets.UTF_8).length, body)
              .getBytes(StandardCharsets.UTF_8));
      out.flush();
    }

    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                TestServer.json(server.get("/api/runs?release=hangup").body()).path("runs").size()
                    == 1);
    JsonNode run =
        TestServer.json(server.get("/api/runs?release=hangup").body()).path("runs").path(0);
    assertThat(run.path("action").asText()).isEqualTo("install");
    assertThat(run.path("revision").asInt()).isEqualTo(1);
    String status =
        cluster
            .kube()
            .configMap(cluster.namespace(), PlanConfigMapName.of("hangup").toString())
            .orElseThrow()
            .get(PlanStatus.FILE);
    assertThat(PlanStatus.parse(status).phase()).isEqualTo("applied");
  }
}
