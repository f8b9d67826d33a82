package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Guessing the login's password against a real {@code swiss serve} on the test cluster (issue 38,
 * finding 4): {@code X-Forwarded-For} counts only through the configured proxies, so neither a
 * header that changes with every guess nor a victim's address in it gets past the throttle or locks
 * the victim out; and one username's failures from many addresses back off.
 */
@ClusterTest
class PasswordGuessingOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String WRONG = "{\"username\": \"admin\", \"password\": \"guess\"}";
  private static final String RIGHT =
      "{\"username\": \"admin\", \"password\": \"%s\"}".formatted(TestServer.PASSWORD);

  @TempDir Path dir;

  /** A deploying server, so failed logins are counted in its database (SQLite or PostgreSQL). */
  private TestServer serve(int trustedProxyHops) {
    return TestServer.onCluster(
        dir,
        cluster,
        """
          allowDeploy: true
          database: ${dir}/swiss.db
          auth:
            dir: ${dir}/auth
          security:
            trustedProxyHops: %d
        """
            .formatted(trustedProxyHops));
  }

  private static TestServer.Reply login(TestServer server, String body, String forwardedFor) {
    return server.post("/api/login", body, "X-Forwarded-For", forwardedFor);
  }

  @Test
  void thirtyWrongPasswordsFromOneHostEachWithAnotherForwardedForAreThrottledAfterTen() {
    try (TestServer server = serve(0)) {
      List<Integer> statuses = new ArrayList<>();
      List<String> retryAfter = new ArrayList<>();
      for (int i = 1; i <= 30; i++) {
        TestServer.Reply r = login(server, WRONG, "198.51.100." + i);
        statuses.add(r.status());
        retryAfter.add(r.header("Retry-After"));
      }

      assertThat(statuses.subList(0, 10)).containsOnly(401);
      assertThat(statuses.subList(10, 30)).containsOnly(429);
      assertThat(retryAfter.subList(10, 30)).allSatisfy(s -> assertThat(s).matches("[1-9]\\d*"));
      // Refused before anything is written: the database holds the ten that were tried.
      assertThat(failuresOf(server, "127.0.0.1")).isEqualTo(10);
      assertThat(login(server, RIGHT, "203.0.113.9").status())
          .as("the right password from the same host, whatever its header says")
          .isEqualTo(429);
    }
  }

  @Test
  void behindOneTrustedProxyAVictimsAddressInTheHeaderDoesNotLockTheVictimOut() {
    try (TestServer server = serve(1)) {
      String victim = "203.0.113.50";
      // The proxy appends the address it was reached from to whatever the attacker sent.
      for (int i = 0; i < 15; i++) {
        login(server, WRONG, victim + ", 198.51.100.66");
      }

      assertThat(login(server, WRONG, victim + ", 198.51.100.66").status()).isEqualTo(429);
      assertThat(login(server, RIGHT, victim).status()).isEqualTo(200);
    }
  }

  @Test
  void withOneTrustedProxyItsHeaderIsBelievedAndTellsItsClientsApart() {
    try (TestServer server = serve(1)) {
      for (int i = 0; i < 10; i++) {
        assertThat(login(server, WRONG, "192.0.2." + i + ", 203.0.113.1").status()).isEqualTo(401);
      }

      assertThat(login(server, RIGHT, "203.0.113.1").status()).isEqualTo(429);
      assertThat(login(server, WRONG, "203.0.113.2").status()).isEqualTo(401);
      assertThat(login(server, RIGHT, "203.0.113.2").status()).isEqualTo(200);
      assertThat(failuresOf(server, "203.0.113.1")).isEqualTo(10);
    }
  }

  @Test
  void oneUsernamesWrongPasswordsFromManyAddressesBackOffWithAGrowingWait() {
    try (TestServer server = serve(1)) {
      for (int i = 1; i <= 20; i++) {
        assertThat(login(server, WRONG, "198.51.100." + i).status()).isEqualTo(401);
      }

      TestServer.Reply first = login(server, WRONG, "198.51.100.21");
      server.clock.advance(Duration.ofSeconds(1));
      assertThat(login(server, WRONG, "198.51.100.22").status()).isEqualTo(401);
      TestServer.Reply second = login(server, RIGHT, "198.51.100.23");
      server.clock.advance(Duration.ofSeconds(2));
      TestServer.Reply afterTheWait = login(server, RIGHT, "198.51.100.23");

      assertThat(first.status()).isEqualTo(429);
      assertThat(first.header("Retry-After")).isEqualTo("1");
      assertThat(TestServer.json(first.body()).path("error").asText()).contains("username");
      assertThat(second.status()).isEqualTo(429);
      assertThat(second.header("Retry-After")).isEqualTo("2");
      assertThat(afterTheWait.status()).isEqualTo(200);
      assertThat(
              login(server, "{\"username\": \"root\", \"password\": \"guess\"}", "198.51.100.24")
                  .status())
          .as("another username's allowance is its own")
          .isEqualTo(401);
    }
  }

  private static int failuresOf(TestServer server, String client) {
    return server
        .server()
        .store()
        .orElseThrow()
        .loginFailures()
        .ofClient(client, Instant.EPOCH)
        .count();
  }
}
