package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.server.OpenApiContract;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code swiss status -o json} is the server's status answer for the same release. */
@ClusterTest
class StatusOutputOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);

  @Test
  void statusAsJsonIsTheApiAnswerForTheRelease() throws Exception {
    seeds.recordPlan(seeds.plan("qwen"), ReleaseSeeds.status("applied", ""));
    seeds.storeRevision("qwen", 3, "deployed");
    try (TestServer server = TestServer.onCluster(dir, cluster, "  auth:\n    disabled: true\n")) {
      JsonNode served =
          TestServer.json(
              server.get("/api/releases/%s/qwen/status".formatted(cluster.namespace())).body());

      CliRun run =
          CliRun.of(
              "status",
              "--release",
              "qwen",
              "--namespace",
              cluster.namespace(),
              "--kubeconfig",
              cluster.kubeconfig().toString(),
              "-o",
              "json");

      assertThat(run.exitCode()).as(run.err()).isZero();
      String path = "/api/releases/%s/qwen/status".formatted(cluster.namespace());
      assertThat(OpenApiContract.get().problems("GET", path, 200, run.out())).isEmpty();
      JsonNode printed = new ObjectMapper().readTree(run.out());
      for (String member :
          new String[] {"revision", "exists", "backend", "helmStatus", "planStatus", "pods"}) {
        assertThat(printed.path(member)).as(member).isEqualTo(served.path(member));
      }
      assertThat(printed.path("revision").asInt()).isEqualTo(3);
    }
  }
}
