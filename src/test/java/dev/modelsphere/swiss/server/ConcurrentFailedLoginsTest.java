package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.server.auth.Login;
import dev.modelsphere.swiss.server.routes.SessionRoutes;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wrong passwords wait out their penalty over real HTTP without a server thread waiting with each:
 * a flood of them costs the server no threads.
 */
class ConcurrentFailedLoginsTest {
  private static final Duration PENALTY = Duration.ofSeconds(2);

  /** Fewer than the throttle lets one username fail from many addresses before it backs off. */
  private static final int CLIENTS = 16;

  @TempDir Path dir;

  @Test
  void manyConcurrentWrongPasswordsAreAllRefusedAfterOnePenaltyWithNoThreadWaitingForEach() {
    ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
    try (TestServer server =
        TestServer.start(
            dir,
            "  auth:\n    dir: ./auth\n  security:\n    trustedProxyHops: 1\n",
            TestServer.DEFAULT_PROFILE,
            UnreachableApiServer.client(),
            o -> o.withFailedLoginPenalty(PENALTY))) {
      long start = System.nanoTime();
      List<CompletableFuture<TestServer.Reply>> replies = new ArrayList<>();
      for (int i = 0; i < CLIENTS; i++) {
        // One address each (through one trusted proxy), so the throttle (ten failures per client)
        // refuses none with 429.
        String client = "198.51.100." + (i + 1);
        replies.add(
            CompletableFuture.supplyAsync(
                () ->
                    server.post(
                        "/api/login",
                        "{\"username\": \"admin\", \"password\": \"guess\"}",
                        "X-Forwarded-For",
                        client),
                clients));
      }

      AtomicInteger mostWaiting = new AtomicInteger();
      await()
          .atMost(PENALTY.multipliedBy(5))
          .pollInterval(Duration.ofMillis(20))
          .until(
              () -> {
                mostWaiting.accumulateAndGet(threadsWaitingInLogin(), Math::max);
                return replies.stream().allMatch(CompletableFuture::isDone);
              });
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      assertThat(replies).allSatisfy(r -> assertThat(r.join().status()).isEqualTo(401));
      assertThat(replies.get(0).join().body()).contains("wrong username or password");
      assertThat(took).isBetween(PENALTY, PENALTY.multipliedBy(3));
      // A sleeping login would have had all of them waiting at once for two seconds.
      assertThat(mostWaiting.get()).isLessThan(CLIENTS / 2);
    } finally {
      clients.shutdownNow();
    }
  }

  /** Threads parked or sleeping while the login code is on their stack. */
  private static int threadsWaitingInLogin() {
    int waiting = 0;
    for (var thread : Thread.getAllStackTraces().entrySet()) {
      Thread.State state = thread.getKey().getState();
      if ((state == Thread.State.TIMED_WAITING || state == Thread.State.WAITING)
          && Arrays.stream(thread.getValue()).anyMatch(ConcurrentFailedLoginsTest::isLoginCode)) {
        waiting++;
      }
    }
    return waiting;
  }

  private static boolean isLoginCode(StackTraceElement frame) {
    String name = frame.getClassName();
    return name.startsWith(Login.class.getName()) || name.startsWith(SessionRoutes.class.getName());
  }
}
