package dev.modelsphere.swiss.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.store.FailedLogins.Tally;
import dev.modelsphere.swiss.testing.PostgresServer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tables the login keeps (failed logins, revoked tokens), on a SQLite file and on a real
 * PostgreSQL server alike: the same migration makes them on both.
 */
class LoginTablesOnBothDatabasesTest {
  private static final Instant T0 = StoreFixtures.T0;

  @TempDir Path dir;

  private Store open(String kind) {
    String database =
        kind.equals("postgres")
            ? PostgresServer.shared().newDatabase("login")
            : dir.resolve("swiss.db").toString();
    return Store.open(database, new DatabasePassword(PostgresServer.passwordEnvironment()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void failedLoginsCountByClientAndByUsernameWithTheirFirstAndLast(String kind) {
    try (Store store = open(kind)) {
      FailedLogins failures = store.loginFailures();
      failures.record("198.51.100.7", "admin", T0, T0.minusSeconds(3600));
      failures.record("198.51.100.7", "", T0.plusSeconds(10), T0.minusSeconds(3600));
      failures.record("203.0.113.1", "admin", T0.plusSeconds(20), T0.minusSeconds(3600));

      assertThat(failures.ofClient("198.51.100.7", T0))
          .isEqualTo(new Tally(2, T0, T0.plusSeconds(10)));
      assertThat(failures.ofUser("admin", T0)).isEqualTo(new Tally(2, T0, T0.plusSeconds(20)));
      assertThat(failures.ofUser("admin", T0.plusSeconds(1)).count()).isEqualTo(1);
      assertThat(failures.ofClient("192.0.2.1", T0)).isEqualTo(Tally.NONE);

      failures.forgetClient("198.51.100.7");

      assertThat(failures.ofClient("198.51.100.7", T0)).isEqualTo(Tally.NONE);
      assertThat(failures.ofUser("admin", T0).count()).isEqualTo(1);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void recordingAFailureForgetsThoseOlderThanTheLongestWindow(String kind) {
    try (Store store = open(kind)) {
      FailedLogins failures = store.loginFailures();
      failures.record("198.51.100.7", "admin", T0, T0.minusSeconds(3600));

      failures.record("203.0.113.1", "admin", T0.plusSeconds(3601), T0.plusSeconds(1));

      assertThat(failures.ofClient("198.51.100.7", Instant.EPOCH)).isEqualTo(Tally.NONE);
      assertThat(failures.ofUser("admin", Instant.EPOCH).count()).isEqualTo(1);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aRevokedTokenIsKnownToEveryReaderUntilItsRowIsPrunedAfterItsExpiry(String kind) {
    try (Store store = open(kind)) {
      StoredRevocations revocations = store.revocations();
      revocations.revoke("t1", T0.plusSeconds(60), T0);
      revocations.revoke("t1", T0.plusSeconds(60), T0);
      revocations.revoke("t2", T0.plusSeconds(600), T0);

      assertThat(revocations.isRevoked("t1")).isTrue();
      assertThat(revocations.isRevoked("t3")).isFalse();
      assertThat(revocations.revokedAmong(List.of("t1", "t2", "t3")))
          .containsExactlyInAnyOrder("t1", "t2");

      revocations.revoke("t4", T0.plusSeconds(900), T0.plusSeconds(61));

      assertThat(revocations.revokedAmong(List.of("t1", "t2", "t4")))
          .as("t1's row is pruned once it expired")
          .containsExactlyInAnyOrder("t2", "t4");
    }
  }
}
