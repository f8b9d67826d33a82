package dev.modelsphere.swiss.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.modelsphere.swiss.server.http.ApiException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The penalty of a wrong password is served by a scheduler, not by the caller's thread. */
class FailedLoginPenaltyTest {
  private static final Duration PENALTY = Duration.ofSeconds(2);

  @TempDir Path dir;

  private Login login() throws Exception {
    Files.writeString(dir.resolve("username"), "admin\n");
    Files.writeString(dir.resolve("password"), "s3cret-pass\n");
    Clock clock = Clock.systemUTC();
    return new Login(
        new CredentialFiles(dir),
        new SessionTokens(Duration.ofHours(24), clock),
        new LoginThrottle(new MemoryFailedLogins(), clock),
        PENALTY);
  }

  @Test
  void aWrongPasswordReturnsAtOnceAndIsRefusedWith401OnlyOnceThePenaltyHasPassed()
      throws Exception {
    Login login = login();
    long start = System.nanoTime();

    CompletableFuture<SessionTokens.Issued> answer = login.attempt("client", "admin", "guess");

    // A sleep in attempt() would hand back a future already failed, two seconds late.
    assertThat(answer).isNotDone();
    Throwable refused = catchThrowable(answer::join);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(PENALTY);
    assertThat(refused).isInstanceOf(CompletionException.class);
    assertThat(refused.getCause())
        .isInstanceOfSatisfying(
            ApiException.class,
            e -> {
              assertThat(e.status()).isEqualTo(401);
              assertThat(e.getMessage()).isEqualTo("wrong username or password");
            });
  }

  @Test
  void theRightPasswordIsAnsweredAtOnceWithAToken() throws Exception {
    CompletableFuture<SessionTokens.Issued> answer =
        login().attempt("client", "admin", "s3cret-pass");

    assertThat(answer).isCompleted();
    assertThat(answer.join().token()).isNotBlank();
  }
}
