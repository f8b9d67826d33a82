package dev.modelsphere.swiss.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.store.FailedLogins;
import dev.modelsphere.swiss.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The throttle's two rules: failures per client in a minute, and back-off per username. */
class LoginThrottleTest {
  private final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T10:00:00Z"));
  private final MemoryFailedLogins failures = new MemoryFailedLogins();
  private final LoginThrottle throttle = new LoginThrottle(failures, clock);

  private void fail(String client, String user, int times) {
    for (int i = 0; i < times; i++) {
      throttle.check(client, user);
      throttle.recordFailure(client, user);
    }
  }

  private long refusedFor(String client, String user) {
    try {
      throttle.check(client, user);
      return 0;
    } catch (LoginThrottled e) {
      return e.retryAfterSeconds();
    }
  }

  @Test
  void tenFailuresOfOneClientInAMinuteRefuseItUntilTheOldestAgesOut() {
    fail("198.51.100.7", "admin", 6);
    clock.advance(Duration.ofSeconds(20));
    fail("198.51.100.7", "admin", 4);

    assertThatThrownBy(() -> throttle.check("198.51.100.7", "admin"))
        .isInstanceOf(LoginThrottled.class)
        .hasMessageContaining("from this address")
        .hasMessageContaining("wait 40 s");
    assertThat(refusedFor("198.51.100.8", "admin")).as("another client").isZero();
    clock.advance(Duration.ofSeconds(41));
    assertThat(refusedFor("198.51.100.7", "admin")).isZero();
  }

  @Test
  void failuresOfOneUsernameFromManyClientsBackOffDoublingUpToACap() {
    for (int i = 0; i < LoginThrottle.USER_FREE_FAILURES; i++) {
      fail("203.0.113." + i, "admin", 1);
    }

    assertThat(refusedFor("192.0.2.1", "admin")).isEqualTo(1);
    assertThat(refusedFor("192.0.2.1", "someone-else")).isZero();
    clock.advance(Duration.ofSeconds(1));
    fail("192.0.2.1", "admin", 1);
    assertThat(refusedFor("192.0.2.2", "admin")).isEqualTo(2);
    clock.advance(Duration.ofSeconds(2));
    fail("192.0.2.2", "admin", 1);
    assertThat(refusedFor("192.0.2.3", "admin")).isEqualTo(4);
    assertThat(LoginThrottle.backoff(30)).isEqualTo(LoginThrottle.MAX_BACKOFF);
    assertThat(LoginThrottle.backoff(8)).isEqualTo(Duration.ofSeconds(256));
    assertThat(LoginThrottle.backoff(9)).isEqualTo(LoginThrottle.MAX_BACKOFF);
  }

  @Test
  void theUsernamesFailuresAreForgottenAfterAnHour() {
    for (int i = 0; i < LoginThrottle.USER_FREE_FAILURES; i++) {
      fail("203.0.113." + i, "admin", 1);
    }

    clock.advance(LoginThrottle.USER_WINDOW.plusSeconds(1));

    assertThat(refusedFor("192.0.2.1", "admin")).isZero();
  }

  @Test
  void aSignInForgetsItsClientsFailuresAndTheirShareOfTheUsernames() {
    fail("198.51.100.7", "admin", 9);
    for (int i = 0; i < LoginThrottle.USER_FREE_FAILURES - 9; i++) {
      fail("203.0.113." + i, "admin", 1);
    }
    assertThat(refusedFor("192.0.2.1", "admin")).isPositive();

    throttle.succeeded("198.51.100.7");

    assertThat(refusedFor("192.0.2.1", "admin")).isZero();
    assertThat(failures.ofClient("198.51.100.7", Instant.EPOCH)).isEqualTo(FailedLogins.Tally.NONE);
  }

  @Test
  void aRefusedLoginRecordsNothing() {
    fail("198.51.100.7", "admin", 10);

    for (int i = 0; i < 5; i++) {
      assertThatThrownBy(() -> throttle.check("198.51.100.7", "admin"))
          .isInstanceOf(LoginThrottled.class);
    }

    assertThat(failures.ofClient("198.51.100.7", Instant.EPOCH).count()).isEqualTo(10);
    assertThatCode(() -> throttle.check("198.51.100.8", "admin")).doesNotThrowAnyException();
  }
}
