package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.deploy.approval.ContentHash;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 38, findings 1 and 7: the site profile is the site's policy, so changing it is admin work,
 * approved like a deploy where the profile requires approval, and recorded with its diff. The
 * profile lives in a ConfigMap of the test's namespace; alice and bob are users a trusted proxy
 * names, carol is one {@code server.auth.admins} lists (as {@code Carol}), and {@code admin} is the
 * local login.
 */
@ClusterTest
class ProfileIsAdminWorkOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String GUARDED = TestServer.DEMO_PROFILE + "requireApproval: true\n";

  @TempDir Path dir;
  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** A deploying server with a login, a trusted proxy, and its profile in a ConfigMap. */
  private void serve(String profile) throws IOException {
    cluster
        .kube()
        .putConfigMap(cluster.namespace(), "site-profile", Map.of("profile.yaml", profile));
    TestServer.writeCredentials(dir.resolve("auth"));
    Path config = dir.resolve("swiss.yaml");
    Files.writeString(
        config,
        """
        catalog: %s
        cluster:
          namespaces: [%s]
          profile:
            configMap: %s/site-profile
        server:
          allowDeploy: true
          database: %s
          auth:
            dir: %s
            admins: [Carol]
        """
            .formatted(
                TestServer.DEMO_CATALOG,
                cluster.namespace(),
                cluster.namespace(),
                dir.resolve("swiss.db"),
                dir.resolve("auth")));
    String kubeconfig = Files.readString(cluster.kubeconfig());
    server =
        TestServer.fromConfig(config, cluster.admin(), o -> o.withHelmKubeConfig(kubeconfig))
            .awaitReady();
  }

  private static String[] as(String user) {
    return new String[] {"Authorization", "Bearer " + TestServer.PROXY_KEY, "X-Remote-User", user};
  }

  private String[] asTheLocalLogin() {
    String token = server.login(TestServer.USER, TestServer.PASSWORD).sessionCookie();
    return new String[] {"Authorization", "Bearer " + token};
  }

  private static String yamlBody(String yaml) {
    return new ObjectMapper().createObjectNode().put("yaml", yaml).toString();
  }

  private String stored() {
    return cluster
        .kube()
        .configMap(cluster.namespace(), "site-profile")
        .orElseThrow()
        .get("profile.yaml");
  }

  private JsonNode profileRuns() {
    return server.get("/api/runs?action=profile", as("bob")).ok().path("runs");
  }

  @Test
  void aProxiedUserWhoIsNotAnAdminCannotSwitchApprovalsOffAndSoCannotUninstallWithoutApproval()
      throws IOException {
    serve(GUARDED);
    cluster
        .deployer()
        .apply(cluster.plan("kept", "replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());

    // The attack of finding 1: approvals off, then an uninstall nobody approved.
    TestServer.Reply off =
        server.put("/api/profile", yamlBody(TestServer.DEMO_PROFILE), as("alice"));
    TestServer.Reply uninstall =
        server.delete("/api/releases/%s/kept".formatted(cluster.namespace()), as("alice"));

    assertThat(off.status()).as(off.body()).isEqualTo(403);
    assertThat(TestServer.json(off.body()).path("error").asText())
        .contains("alice", "change the site profile", "admin role", "server.auth.admins");
    assertThat(stored()).isEqualTo(GUARDED);
    assertThat(uninstall.status()).as(uninstall.body()).isEqualTo(409);
    assertThat(TestServer.json(uninstall.body()).path("error").asText())
        .contains("requires an approval of this uninstall");
    assertThat(cluster.deployer().status(cluster.namespace(), "kept").exists()).isTrue();
    assertThat(profileRuns()).isEmpty();
  }

  @Test
  void anAdminsProfileChangeOnAProtectedSiteNeedsAnotherPersonsApprovalOfThatTextAndIsAudited()
      throws IOException {
    serve(GUARDED);
    String changed = GUARDED + "approvers: [bob]\n";
    String hash = ContentHash.of(changed);

    TestServer.Reply unapproved = server.put("/api/profile", yamlBody(changed), as("carol"));
    assertThat(unapproved.status()).as(unapproved.body()).isEqualTo(409);
    assertThat(TestServer.json(unapproved.body()).path("error").asText())
        .contains("requires an approval of this profile", hash, "you have asked for none");

    long id =
        server
            .post(
                "/api/approvals",
                "{\"action\": \"profile\", \"contentHash\": \"%s\"}".formatted(hash),
                as("carol"))
            .ok()
            .path("id")
            .asLong();
    String approve = "/api/approvals/%d/approve".formatted(id);
    TestServer.Reply byTheLogin = server.post(approve, "", asTheLocalLogin());
    TestServer.Reply byCarolAgain = server.post(approve, "", as("CAROL"));
    assertThat(byTheLogin.status()).as(byTheLogin.body()).isEqualTo(403);
    assertThat(byTheLogin.body()).contains("shared account", "proves no second person");
    assertThat(byCarolAgain.status()).as(byCarolAgain.body()).isEqualTo(403);
    assertThat(byCarolAgain.body()).contains("another user must approve it");
    server.post(approve, "", as("bob")).ok();

    TestServer.Reply otherText =
        server.put("/api/profile", yamlBody(changed + "# and one more line\n"), as("carol"));
    assertThat(otherText.status()).as("the approval is of one text").isEqualTo(409);
    server.put("/api/profile", yamlBody(changed), as("Carol")).ok();

    assertThat(stored()).isEqualTo(changed);
    JsonNode run = profileRuns().path(0);
    assertThat(run.path("actor").asText()).isEqualTo("Carol");
    assertThat(run.path("approvedBy").asText()).isEqualTo("bob");
    assertThat(run.path("planHash").asText()).isEqualTo(hash);
    String output =
        server.get("/api/runs/" + run.path("id").asLong(), as("bob")).ok().path("output").asText();
    assertThat(output)
        .contains("--- a/%s/site-profile".formatted(cluster.namespace()), "+approvers: [bob]");
  }

  @Test
  void anAdminsProfileChangeOnAnOpenSiteNeedsNoApprovalAndIsAuditedWithItsDiff()
      throws IOException {
    serve(TestServer.DEMO_PROFILE);

    server.put("/api/profile", yamlBody(GUARDED), asTheLocalLogin()).ok();

    assertThat(stored()).isEqualTo(GUARDED);
    JsonNode run = profileRuns().path(0);
    assertThat(run.path("actor").asText()).isEqualTo(TestServer.USER);
    assertThat(run.path("changed").asBoolean()).isTrue();
    assertThat(run.has("approvedBy")).isFalse();
    assertThat(
            server
                .get("/api/runs/" + run.path("id").asLong(), as("bob"))
                .ok()
                .path("output")
                .asText())
        .contains("+requireApproval: true");
  }
}
