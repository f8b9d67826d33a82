package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.CatalogServer;
import dev.modelsphere.swiss.testing.SharedFixtures;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The site and catalog routes over real HTTP, for a site whose profile (a file) lists two catalogs:
 * {@code remote} served over http (the default) and {@code local}, a directory. The API server
 * cannot be reached.
 */
class SiteRoutesTest {
  @TempDir static Path dir;
  private static CatalogServer catalog;
  private static TestServer server;

  @BeforeAll
  static void start() {
    catalog = new CatalogServer();
    TestServer.write(
        dir.resolve("profile.yaml"),
        """
        name: test-site
        namespace: models
        chartPath: %s
        model:
          pathTemplate: /models/{{name}}
        catalogs:
          - name: remote
            url: %s
            default: true
          - name: local
            url: %s
        sites:
          - name: test-site
            url: https://here.example
          - name: other-site
            url: https://other.example
        """
            .formatted(SharedFixtures.helmCharts(), catalog.url(), SharedFixtures.modelCatalog()));
    server =
        TestServer.start(
            dir,
            TestServer.FIXTURE_SITE,
            "  cacheDir: ${dir}/cache\n  auth:\n    disabled: true\n",
            UnreachableApiServer.client(),
            "test-web");
  }

  @AfterAll
  static void stop() {
    server.close();
    catalog.close();
  }

  @Test
  void theClusterAnswerListsTheProfilesCatalogsWithTheirRefsAndTheOtherSites() {
    TestServer.Reply r = server.get("/api/cluster");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body())
        .contains("\"name\": \"test-site\"", "\"catalogFrom\": \"profile\"")
        .contains("\"catalog\": \"" + catalog.url() + "\"", "\"catalogRef\": \"sha256:")
        .contains("\"name\": \"remote\"", "\"name\": \"local\"", "\"default\": true")
        .contains("\"name\": \"other-site\"")
        .doesNotContain("https://here.example");
  }

  @Test
  void sitesAreTheProfilesOtherSites() {
    TestServer.Reply r = server.get("/api/sites");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body())
        .contains("\"self\": \"test-site\"", "\"url\": \"https://other.example\"")
        .doesNotContain("https://here.example");
  }

  @Test
  void theCatalogIndexIsTheDefaultCatalogsOrTheNamedOnesWithoutChartValues() {
    TestServer.Reply byDefault = server.get("/api/catalog");
    TestServer.Reply local = server.get("/api/catalog?catalog=local");

    assertThat(byDefault.status()).isEqualTo(200);
    assertThat(byDefault.body())
        .contains("\"name\": \"remote\"", "\"source\": \"" + catalog.url() + "index.json\"")
        .contains("\"name\": \"gpt-oss-20b\"")
        .doesNotContain("\"values\"");
    assertThat(local.body()).contains("\"name\": \"local\"");
  }

  @Test
  void anUnknownCatalogNameIs400AndSaysWhichCatalogsThereAre() {
    TestServer.Reply r = server.get("/api/catalog?catalog=nope");
    TestServer.Reply entry = server.get("/api/catalog/gpt-oss-20b?catalog=nope");

    assertThat(r.status()).isEqualTo(400);
    assertThat(r.body()).contains("no catalog named \\\"nope\\\" (have: remote, local)");
    assertThat(entry.status()).isEqualTo(400);
  }

  @Test
  void anEntryCarriesItsChartValuesAndWhereTheSiteKeepsItsWeights() {
    TestServer.Reply r = server.get("/api/catalog/gpt-oss-20b?version=1.0.0");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body())
        .contains("\"name\": \"gpt-oss-20b\"", "\"values\"")
        .contains("\"pathTemplate\": \"/models/{{name}}\"", "\"localPath\": \"/models/");
  }

  @Test
  void anUnknownModelVersionOrVariantIs404() {
    assertThat(server.get("/api/catalog/no-such-model").status()).isEqualTo(404);
    assertThat(server.get("/api/catalog/gpt-oss-20b?version=9.9.9").status()).isEqualTo(404);
    assertThat(server.get("/api/catalog/gpt-oss-20b/chart-versions?variant=nope").status())
        .isEqualTo(404);
    assertThat(server.get("/api/catalog/gpt-oss-20b/gpu-products?variant=nope").status())
        .isEqualTo(404);
  }

  @Test
  void chartVersionsOfAPinnedVariantAreItsOneVersionAndOfARangeTheChartsInRange() {
    TestServer.Reply pinned = server.get("/api/catalog/modelforge/chart-versions");
    TestServer.Reply range =
        server.get("/api/catalog/gpt-oss-20b/chart-versions?variant=sglang-tp1-h100-baseline");

    assertThat(pinned.status()).isEqualTo(200);
    assertThat(pinned.body())
        .contains("\"chart\": \"sglang\"", "\"range\": \"0.7.0\"", "\"variant\": \"sglang-tp2\"")
        .containsPattern("\"versions\": \\[\\s*\"0.7.0\"\\s*]");
    assertThat(range.status()).isEqualTo(200);
    assertThat(range.body())
        .contains("\"range\": \">=0.7.1\"", "\"variant\": \"sglang-tp1-h100-baseline\"");
  }

  @Test
  void gpuProductsGiveTheListedProductsAndWhyTheNodesCouldNotBeRead() {
    TestServer.Reply r = server.get("/api/catalog/gpt-oss-20b/gpu-products");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body())
        .contains("\"variant\": \"sglang-tp1-h100-optimized\"", "\"vendor\": \"nvidia\"")
        .contains("\"product\": \"NVIDIA-H100-80GB-HBM3\"", "\"onCluster\": false")
        .contains("\"inventoryError\": \"list nodes");
  }

  @Test
  void readinessReportsTheHeldCatalogAndProfileOnceTheyAreRead() {
    server.get("/api/catalog");

    TestServer.Reply r = server.get("/readyz");

    assertThat(r.body())
        .containsPattern("\"catalog\": \"sha256:[0-9a-f]+")
        .contains("\"profile\": \"test-site\"");
  }

  @Test
  void theProfileIsReadAsTextAndParsedButAFileBackedOneIsNotWritten() throws Exception {
    String before = Files.readString(dir.resolve("profile.yaml"));

    TestServer.Reply read = server.get("/api/profile");
    TestServer.Reply write =
        server.put("/api/profile", "{\"yaml\": \"name: x\\nmodel:\\n  pathTemplate: /m\\n\"}");

    assertThat(read.status()).isEqualTo(200);
    assertThat(read.body())
        .contains("\"cluster\": \"test-site\"", "\"source\": \"" + dir.resolve("profile.yaml"));
    assertThat(write.status()).isEqualTo(400);
    assertThat(write.body()).contains("reads its profile from a file");
    assertThat(dir.resolve("profile.yaml")).hasContent(before);
  }

  @Test
  void aProfileBodyOverOneMebibyteIs413() {
    String big = "{\"yaml\": \"" + "#".repeat(1 << 20) + "\"}";

    TestServer.Reply r =
        server.send("PUT", "/api/profile", HttpRequest.BodyPublishers.ofString(big));

    assertThat(r.status()).isEqualTo(413);
  }
}
