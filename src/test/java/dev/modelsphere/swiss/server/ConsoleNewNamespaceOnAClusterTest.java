package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.Nginx;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39: the Console portal's requests for a model in a namespace that does not exist yet, sent
 * as its backend forwards them. Its backend replaces {@code /api/deploy} with {@code /api} (nginx
 * plays it here) and signs every request with the proxy key and the user's name. The install is
 * refused with advice to compose with {@code createNamespace}; following the advice installs the
 * release, where the stored first plan used to be installed again and refused again.
 */
@ClusterTest
class ConsoleNewNamespaceOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "smollm3-3b";
  private static final String SERVER =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n";

  @TempDir Path dir;
  private TestServer server;
  private Nginx consoleBackend;
  private String made;

  @AfterEach
  void stop() {
    if (consoleBackend != null) {
      consoleBackend.close();
    }
    if (server != null) {
      server.close();
    }
    if (made != null) {
      cluster.admin().namespaces().withName(made).delete();
    }
  }

  @Test
  void theConsolesRequestsForANewNamespaceEndInAnInstalledRelease() {
    // The test namespace's random suffix keeps it apart from other runs; the whole name is too
    // long.
    made = "t-console" + cluster.namespace().substring(cluster.namespace().lastIndexOf('-'));
    server = TestServer.onDemoSite(dir, cluster, made, SERVER, "test-web");
    consoleBackend = Nginx.inFrontOf(server.server().port(), dir.resolve("nginx"));
    String compose = "{\"model\": \"%s\", \"namespace\": \"%s\"".formatted(MODEL, made);

    JsonNode first = console("/plans", compose + "}").ok();
    TestServer.Reply refused =
        console("/install", "{\"planHash\": \"%s\"}".formatted(first.path("hash").asText()));
    JsonNode again = console("/plans", compose + ", \"createNamespace\": true}").ok();
    TestServer.Reply installed =
        console("/install", "{\"planHash\": \"%s\"}".formatted(again.path("hash").asText()));

    assertThat(refused.status()).as("the first install: %s", refused.body()).isEqualTo(409);
    assertThat(refused.body()).contains(made, "does not exist", "createNamespace");
    assertThat(again.path("createNamespace").asBoolean()).isTrue();
    assertThat(again.path("hash").asText())
        .as("the hash leaves createNamespace out, so the Console's client holds the same one")
        .isEqualTo(first.path("hash").asText());
    assertThat(installed.status()).as("following the advice: %s", installed.body()).isEqualTo(200);
    assertThat(installed.ok().path("revision").asInt()).isEqualTo(1);
    assertThat(cluster.admin().namespaces().withName(made).get()).isNotNull();
    JsonNode deployed = console("/releases/%s/%s/plan".formatted(made, MODEL), null).ok();
    assertThat(deployed.path("createNamespace").asBoolean()).isTrue();
  }

  /**
   * A request of the Console's web client to {@code /api/deploy<path>}, as its backend forwards it:
   * signed with the proxy key and the user's name, its prefix replaced on the way. A GET when
   * {@code json} is null.
   */
  private TestServer.Reply console(String path, String json) {
    URI address = URI.create(consoleBackend.url(Nginx.REPLACED) + path);
    return server.sendVia(
        address,
        Nginx.REPLACED_WITH + path,
        json == null ? "GET" : "POST",
        json == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(json),
        "Authorization",
        "Bearer " + TestServer.PROXY_KEY,
        "X-Remote-User",
        "console-user");
  }
}
