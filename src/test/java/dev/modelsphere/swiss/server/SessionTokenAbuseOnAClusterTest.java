package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.server.EventsClient.Received;
import dev.modelsphere.swiss.server.events.EventHub;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a session token is worth to someone who should not have it, against a real {@code swiss
 * serve} on the test cluster (issue 38, finding 10): a leaked token tells nothing a password guess
 * can be checked against, a logout ends the token and its event streams, and one session cannot
 * take every event stream the server keeps.
 */
@ClusterTest
class SessionTokenAbuseOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Duration SOON = Duration.ofSeconds(5);

  @TempDir Path dir;

  private TestServer serve() {
    return TestServer.onCluster(
        dir,
        cluster,
        "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n");
  }

  private static String token(TestServer server) {
    TestServer.Reply login = server.login(TestServer.USER, TestServer.PASSWORD);
    return login.ok().path("token").asText();
  }

  private static String passwordVersion(String token) {
    String claims =
        new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8);
    return TestServer.json(claims).path("pv").asText();
  }

  @Test
  void aLeakedTokenCarriesNoPasswordHashAGuessCouldBeCheckedAgainstWithoutTheKey()
      throws Exception {
    TestServer.write(dir.resolve("auth/tokenKey"), "a first token key, 32 bytes or more\n");
    try (TestServer server = serve()) {
      String pv = passwordVersion(token(server));
      String sha256 =
          HexFormat.of()
              .formatHex(
                  MessageDigest.getInstance("SHA-256")
                      .digest(TestServer.PASSWORD.getBytes(StandardCharsets.UTF_8)));

      TestServer.write(dir.resolve("auth/tokenKey"), "another token key, 32 bytes or more\n");
      String underAnotherKey = passwordVersion(token(server));

      assertThat(pv).isNotEmpty().isNotEqualTo(sha256.substring(0, pv.length()));
      assertThat(sha256).doesNotContain(pv);
      assertThat(underAnotherKey).as("the same password under another key").isNotEqualTo(pv);
    }
  }

  @Test
  void afterLogoutTheSameTokenIsRefused401AndItsOpenEventStreamEnds() throws Exception {
    try (TestServer server = serve()) {
      String bearer = "Bearer " + token(server);
      String otherSession = "Bearer " + token(server);
      try (EventsClient events =
              EventsClient.open(server.uri("/api/events"), "Authorization", bearer);
          EventsClient others =
              EventsClient.open(server.uri("/api/events"), "Authorization", otherSession)) {
        assertThat(events.next(SOON).type()).isEqualTo("hello");
        assertThat(others.next(SOON).type()).isEqualTo("hello");

        assertThat(server.post("/api/logout", "", "Authorization", bearer).status()).isEqualTo(200);

        events.nextMatching(r -> r.type().equals(Received.END), SOON);
        assertThat(server.get("/api/runs", "Authorization", bearer).status()).isEqualTo(401);
        assertThat(
                server.get("/api/runs", "Cookie", "swiss_session=" + bearer.substring(7)).status())
            .isEqualTo(401);
        assertThat(server.streamStatus("/api/events", "Authorization", bearer)).isEqualTo(401);
        assertThat(
                server
                    .get("/api/session", "Authorization", bearer)
                    .ok()
                    .path("authenticated")
                    .asBoolean())
            .isFalse();
        assertThat(server.get("/api/runs", "Authorization", otherSession).status())
            .as("another session of the same user")
            .isEqualTo(200);
        assertThat(others.during(Duration.ofMillis(500)))
            .extracting(Received::type)
            .doesNotContain(Received.END);
      }
    }
  }

  @Test
  void oneSessionHoldsNoMoreEventStreamsThanTheCapItsOldestEndsWhileAnotherSessionKeepsItsOwn() {
    List<EventsClient> streams = new ArrayList<>();
    try (TestServer server = serve()) {
      String other = "Bearer " + token(server);
      EventsClient another = EventsClient.open(server.uri("/api/events"), "Authorization", other);
      streams.add(another);
      String greedy = "Bearer " + token(server);
      for (int i = 0; i < EventHub.STREAMS_PER_SESSION; i++) {
        EventsClient stream = EventsClient.open(server.uri("/api/events"), "Authorization", greedy);
        streams.add(stream);
        assertThat(stream.response().statusCode()).isEqualTo(200);
      }
      EventsClient oldest = streams.get(1);

      EventsClient newest = EventsClient.open(server.uri("/api/events"), "Authorization", greedy);
      streams.add(newest);

      assertThat(newest.response().statusCode()).isEqualTo(200);
      assertThat(newest.next(SOON).type()).isEqualTo("hello");
      assertThat(oldest.nextMatching(r -> r.type().equals(Received.END), SOON))
          .as("the greedy session's oldest stream ended")
          .isNotNull();
      assertThat(another.during(Duration.ofSeconds(1)))
          .extracting(Received::type)
          .as("another session's stream is not touched")
          .doesNotContain(Received.END);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } finally {
      streams.forEach(EventsClient::close);
    }
  }
}
