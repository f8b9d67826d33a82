package dev.modelsphere.swiss.sitestate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.config.Cluster;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.config.ProfileSource;
import dev.modelsphere.swiss.config.Server;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.testing.FakeApiServer;
import dev.modelsphere.swiss.testing.MovableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The site wired from a config, as {@code swiss serve} builds it. */
class SiteStateTest {
  @TempDir Path tmp;

  @Test
  void theConfigsProfileCatalogAndDiskCacheBesideTheDatabaseAreUsed() throws Exception {
    Path profile = Files.writeString(tmp.resolve("profile.yaml"), SiteProfilesTest.PROD);
    Server server =
        Server.defaults()
            .withDatabase(tmp.resolve("data/swiss.db").toString())
            .withAllowDeploy(true);
    Cluster cluster =
        new Cluster(new ProfileSource(profile.toString(), null, null), null, null, null);
    Config config = new Config(TestSite.CATALOG, cluster, server, null, "swiss.yaml");

    try (FakeApiServer api = FakeApiServer.answering(500, "{}")) {
      SiteState site =
          SiteState.open(
              config,
              new Kube(api.client()),
              "1.2.3",
              LlmServiceAccess.withoutClient(),
              new MovableClock(Instant.parse("2026-12-01T08:00:00Z")));
      ClusterAnswer answer = site.clusterView().cluster();

      assertThat(answer.name()).isEqualTo("prod");
      assertThat(answer.allowDeploy()).isTrue();
      assertThat(answer.catalogRef()).startsWith("sha256:");
      assertThat(api.requests()).isEmpty();
    }
    try (Stream<Path> saved = Files.list(tmp.resolve("data/catalog-cache"))) {
      assertThat(saved).singleElement().asString().endsWith(".json");
    }
  }
}
