package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.PostgresServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server whose PostgreSQL goes away keeps serving what it reads from the cluster, answers its
 * writes 503 naming the database (writing nothing), and takes writes again, without a restart, once
 * the database is back.
 */
@ClusterTest
class PostgresOutageOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  @Test
  void withoutItsDatabaseAServerAnswersWrites503KeepsReadingAndResumesWhenItIsBack() {
    PostgresServer database = PostgresServer.ownServer();
    String url = database.newDatabase("outage");
    String plan =
        "{\"model\": \"smollm3-3b\", \"namespace\": \"%s\", \"release\": \"smol\"}"
            .formatted(cluster.namespace());
    try (TestServer server =
        TestServer.onDemoSite(
            dir,
            cluster,
            "  allowDeploy: true\n  database: %s\n  auth:\n    disabled: true\n".formatted(url),
            o ->
                o.withDatabasePassword(
                    new DatabasePassword(PostgresServer.passwordEnvironment())))) {
      String hash = server.planHash(plan);
      assertThat(server.get("/readyz").ok().at("/checks/database").asText()).isEqualTo("ok");

      database.stop();
      TestServer.Reply refused = server.post("/api/plans", plan);
      TestServer.Reply install =
          server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash));
      TestServer.Reply readiness = server.get("/readyz");

      assertThat(refused.status()).isEqualTo(503);
      assertThat(refused.body()).contains("plan not stored", "127.0.0.1:" + database.port());
      assertThat(install.status()).isEqualTo(503);
      assertThat(cluster.admin().configMaps().inNamespace(cluster.namespace()).list().getItems())
          .as("nothing of the release was written")
          .noneMatch(c -> c.getMetadata().getName().contains("smol"));
      assertThat(readiness.status())
          .as("reads go on, so the replica stays in its Service")
          .isEqualTo(200);
      assertThat(TestServer.json(readiness.body()).at("/checks/database").asText())
          .contains("127.0.0.1:" + database.port());
      assertThat(server.get("/api/deployments").status()).isEqualTo(200);
      assertThat(server.get("/api/catalog").status()).isEqualTo(200);

      database.resume();
      JsonNode installed =
          server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash)).ok();
      assertThat(installed.path("revision").asInt()).isEqualTo(1);
      assertThat(server.get("/api/runs?release=smol").ok().path("runs")).hasSize(1);
    } finally {
      database.stop();
    }
  }
}
