package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.LocalHttpServer;
import dev.modelsphere.swiss.testing.LocalHttpServer.Answer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 38, finding 5 and the secret half of finding 1, replayed against a real server on the test
 * cluster: the calls a user directs (the probe, the chat, the SLO server) carry a key, a token and
 * headers the user chose, so none of them follows a redirect, reaches a metadata, link-local or
 * (unless allowed) loopback address, or sends a Secret the profile names anywhere the server config
 * does not list. Local HTTP servers play the hostile upstreams, and report what reached them.
 */
@ClusterTest
class UpstreamAttacksOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String KEY = "sk-live-7f3a9c";
  private static final String SWISS_PASSWORD = "swiss-admin-password-1";
  private static final String ENTRYPOINT =
      """
      name: test-site
      namespace: models
      model:
        pathTemplate: /models/{{name}}
      route:
        nginxService: llm-route/openresty
        auth:
          secretRef: entrypoint-key
      """;

  @TempDir Path dir;
  private final LocalHttpServer elsewhere = LocalHttpServer.start(r -> new Answer(200, "{}"));
  private final LocalHttpServer hostile =
      LocalHttpServer.start(
          r -> new Answer(302, "{}", Map.of("Location", elsewhere.url() + "/collect")));
  private volatile String entrypoint = hostile.url();
  private TestServer server;

  @BeforeEach
  void installAReleaseAndTheSecrets() {
    cluster
        .deployer()
        .apply(cluster.plan("glm-53", "serviceId: glm"), Mode.INSTALL, ApplyOptions.install());
    Kube kube = new Kube(cluster.admin());
    kube.putSecret(cluster.namespace(), "entrypoint-key", Map.of("apiKey", KEY), Map.of());
    kube.putSecret(cluster.namespace(), "slo-api", Map.of("token", "slo-token"), Map.of());
    // Stands for swiss's own login Secret, which the chart lets swiss read.
    kube.putSecret(
        cluster.namespace(), "swiss-login", Map.of("password", SWISS_PASSWORD), Map.of());
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    hostile.close();
    elsewhere.close();
  }

  private void serve(String profile, String security) {
    server =
        TestServer.start(
            dir,
            "  auth:\n    disabled: true\n" + security,
            profile,
            cluster.admin(),
            options ->
                options
                    .withNamespace(cluster.namespace())
                    .withServiceAddresses((namespace, name, port) -> entrypoint));
  }

  /** A profile naming an SLO server at {@code address} and its token in Secret {@code secret}. */
  private static String slo(String address, String secret, String key) {
    return "name: test-site\nmodel:\n  pathTemplate: /models/{{name}}\n"
        + scaler(address, secret, key);
  }

  private static String scaler(String address, String secret, String key) {
    return "scaler:\n  sloAddress: %s\n  sloTokenSecret: %s\n  sloTokenKey: %s\n"
        .formatted(address, secret, key);
  }

  private TestServer.Reply check(String which, String body) {
    return server.post("/api/releases/%s/glm-53/%s".formatted(cluster.namespace(), which), body);
  }

  @Test
  void aProbeRedirectedToAnotherHostIsReportedAndTheKeyAndHeadersGoNoFurther() {
    serve(ENTRYPOINT, TestServer.loopbackUpstreams(hostile.url()));

    TestServer.Reply r = check("probe", "{\"headers\": {\"X-Tenant\": \"blue\"}}");

    JsonNode result = TestServer.json(r.body());
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    assertThat(result.path("ok").asBoolean()).isFalse();
    assertThat(result.path("status").asInt()).isEqualTo(302);
    assertThat(result.path("location").asText()).isEqualTo(elsewhere.url() + "/collect");
    assertThat(result.path("error").asText()).contains("does not follow redirects");
    assertThat(hostile.received().get(0).header("Authorization")).isEqualTo("Bearer " + KEY);
    assertThat(elsewhere.received()).as("nothing reaches the redirect's target").isEmpty();
  }

  @Test
  void aChatRedirectedToAnotherHostIsReportedAndTheRequestersKeyGoesNoFurther() {
    serve(ENTRYPOINT, TestServer.loopbackUpstreams(hostile.url()));

    TestServer.Reply r =
        check("chat", "{\"apiKey\": \"sk-mine\", \"headers\": {\"X-Tenant\": \"blue\"}}");

    JsonNode result = TestServer.json(r.body());
    assertThat(result.path("status").asInt()).isEqualTo(302);
    assertThat(result.path("location").asText()).isEqualTo(elsewhere.url() + "/collect");
    assertThat(elsewhere.received()).isEmpty();
    assertThat(r.body()).doesNotContain("sk-mine");
  }

  @Test
  void anSloServerRedirectingElsewhereIsRefusedAndItsTokenGoesNoFurther() {
    serve(slo(hostile.url(), "slo-api", "token"), TestServer.loopbackUpstreams(hostile.url()));

    TestServer.Reply r = server.get("/api/releases/models/glm/slo");

    assertThat(r.status()).isEqualTo(502);
    assertThat(r.body()).contains("302", elsewhere.url() + "/collect", "scaler.sloAddress");
    assertThat(elsewhere.received()).isEmpty();
  }

  @Test
  void aProfilePointingTheSloTokenAtSwisssOwnSecretAndAnotherListenerSendsNothing() {
    LocalHttpServer listener = elsewhere;
    serve(
        slo(listener.url(), "swiss-login", "password"),
        TestServer.loopbackUpstreams("http://slo-api.llm-scaler.svc:80"));

    TestServer.Reply r = server.get("/api/releases/models/glm/slo");

    assertThat(r.status()).isEqualTo(403);
    assertThat(r.body())
        .contains(listener.url(), "scaler.sloTokenSecret", "server.security.secretDestinations");
    assertThat(listener.received()).as("the listener heard nothing").isEmpty();
    assertThat(r.body()).doesNotContain(SWISS_PASSWORD);
  }

  @Test
  void anEntrypointTheServerConfigDoesNotListGetsNoKeyFromTheProfilesSecret() {
    serve(ENTRYPOINT, TestServer.loopbackUpstreams());

    TestServer.Reply r = check("probe", "");

    assertThat(r.status()).isEqualTo(403);
    assertThat(r.body()).contains("route.auth.secretRef", "server.security.secretDestinations");
    assertThat(hostile.received()).isEmpty();
  }

  @Test
  void theMetadataAddressIsRefusedEvenWhenTheServerConfigListsIt() {
    String metadata = "http://169.254.169.254";
    entrypoint = metadata;
    serve(
        ENTRYPOINT + scaler(metadata, "slo-api", "token"), TestServer.loopbackUpstreams(metadata));

    TestServer.Reply slo = server.get("/api/releases/models/glm/slo");
    TestServer.Reply probe = check("probe", "");

    assertThat(slo.status()).isEqualTo(403);
    assertThat(slo.body()).contains("169.254.169.254", "link-local");
    assertThat(probe.status()).isEqualTo(403);
    assertThat(probe.body()).contains("169.254.169.254", "link-local");
  }

  @Test
  void aLoopbackEntrypointIsRefusedUnlessTheServerConfigAllowsIt() {
    serve(ENTRYPOINT.replace("  auth:\n    secretRef: entrypoint-key\n", ""), "");

    TestServer.Reply r = check("probe", "");

    assertThat(r.status()).isEqualTo(403);
    assertThat(r.body()).contains("loopback", "server.security.allowLoopbackUpstreams");
    assertThat(hostile.received()).isEmpty();
  }
}
