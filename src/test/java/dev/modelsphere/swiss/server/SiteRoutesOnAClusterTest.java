package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The routes that read the cluster, against the test cluster: its kwok nodes (two with eight NVIDIA
 * H100 each, one with eight Ascend 910) and a site profile kept in a ConfigMap of the test's
 * namespace.
 */
@ClusterTest
class SiteRoutesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();
  private static final String PROFILE =
      "# the lab site\nname: lab\nmodel:\n  pathTemplate: /models/{{name}}\n";

  @TempDir Path dir;

  @Test
  void gpuProductsCountTheNodesAndGpusOfEachProductUnderTheVariantsResource() {
    try (TestServer server = start(TestServer.FIXTURE_SITE)) {
      TestServer.Reply nvidia = server.get("/api/catalog/gpt-oss-20b/gpu-products");
      TestServer.Reply ascend = server.get("/api/catalog/qwen3-8b/gpu-products");

      assertThat(nvidia.status()).isEqualTo(200);
      assertThat(nvidia.body())
          .containsPattern(
              "\"product\": \"NVIDIA-H100-80GB-HBM3\",\\s*\"catalogSupported\": true,"
                  + "\\s*\"onCluster\": true,\\s*\"nodes\": 2,\\s*\"gpus\": 16")
          .doesNotContain("module-910b-8", "inventoryError");
      assertThat(ascend.body())
          .contains("\"resource\": \"huawei.com/Ascend910\"")
          .containsPattern(
              "\"product\": \"module-910b-8\",\\s*\"catalogSupported\": true,"
                  + "\\s*\"onCluster\": true,\\s*\"nodes\": 1,\\s*\"gpus\": 8")
          .doesNotContain("NVIDIA-H100");
    }
  }

  @Test
  void aProfilePutIsStoredVerbatimInItsConfigMapAndServedAtOnce() {
    try (TestServer server = start(configMapSite())) {
      TestServer.Reply before = server.get("/api/profile");

      TestServer.Reply put = server.put("/api/profile", yamlBody(PROFILE));
      TestServer.Reply after = server.get("/api/profile");

      assertThat(before.status()).as("a site not set up yet (issue 16)").isEqualTo(404);
      assertThat(before.body()).contains(cluster.namespace() + "/site-profile", "not set up");
      assertThat(put.status()).isEqualTo(200);
      assertThat(put.body()).contains("\"source\": \"" + cluster.namespace() + "/site-profile\"");
      assertThat(storedProfile()).isEqualTo(PROFILE);
      assertThat(after.body()).contains("\"cluster\": \"lab\"", "# the lab site");
      assertThat(server.get("/api/session").body()).contains("\"initialized\": true");
    }
  }

  @Test
  void aProfileWithUnknownKeysOrABodyThatIsNotJsonIs400AndNothingIsStored() {
    try (TestServer server = start(configMapSite())) {
      assertThat(server.put("/api/profile", yamlBody(PROFILE)).status()).isEqualTo(200);

      TestServer.Reply unknownKey = server.put("/api/profile", yamlBody(PROFILE + "colour: red\n"));
      TestServer.Reply notJson = server.put("/api/profile", "{\"yaml\": ");
      TestServer.Reply both =
          server.put("/api/profile", "{\"yaml\": \"name: a\", \"profile\": {\"name\": \"a\"}}");

      assertThat(unknownKey.status()).isEqualTo(400);
      assertThat(unknownKey.body()).contains("colour", "nothing was stored");
      assertThat(notJson.status()).isEqualTo(400);
      assertThat(both.status()).isEqualTo(400);
      assertThat(storedProfile()).isEqualTo(PROFILE);
      assertThat(server.get("/api/profile").body()).doesNotContain("colour");
    }
  }

  private TestServer start(String site) {
    return TestServer.start(
            dir,
            site,
            "  cacheDir: ${dir}/cache\n  auth:\n    disabled: true\n",
            cluster.admin(),
            "test-web")
        .awaitReady();
  }

  private String configMapSite() {
    return "catalog: %s\ncluster:\n  profile:\n    configMap: %s/site-profile\n"
        .formatted(SharedFixtures.modelCatalog(), cluster.namespace());
  }

  private String storedProfile() {
    Map<String, String> data =
        cluster.kube().configMap(cluster.namespace(), "site-profile").orElseThrow();
    return data.get("profile.yaml");
  }

  private static String yamlBody(String yaml) {
    return "{\"yaml\": \"%s\"}".formatted(yaml.replace("\n", "\\n"));
  }
}
