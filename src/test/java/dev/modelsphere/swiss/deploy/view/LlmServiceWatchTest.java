package dev.modelsphere.swiss.deploy.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The watch of LLMServices on a cluster that does not serve them: no client is needed, since
 * nothing is ever watched.
 */
class LlmServiceWatchTest {
  private static final Duration SETTLE = Duration.ofSeconds(10);

  @Test
  void aClusterWithoutLlmServicesIsAskedAgainOnlyAfterAPauseNotOnEveryRead() {
    MovableClock clock = new MovableClock(Instant.parse("2026-12-03T12:00:00Z"));
    LlmServiceAccess notServed = new LlmServiceAccess(() -> false, clock);
    CountingExecutor checks = new CountingExecutor();
    try (LlmServiceWatch watch = new LlmServiceWatch(null, List.of(), notServed, clock, checks)) {
      assertThat(watch.services()).isEmpty();
      assertThat(watch.awaitSettled(SETTLE)).isTrue();

      for (int read = 0; read < 50; read++) {
        assertThat(watch.services()).isEmpty();
        assertThat(watch.servicesNamed("qwen")).isEmpty();
        assertThat(watch.watching()).isFalse();
      }
      assertThat(checks.started.get()).as("checks after 151 reads within the pause").isEqualTo(1);

      clock.advance(LlmServiceWatch.RECHECK);
      assertThat(watch.services()).isEmpty();
      assertThat(watch.awaitSettled(SETTLE)).isTrue();
      assertThat(checks.started.get()).as("checks once the pause is over").isEqualTo(2);
    }
  }

  /** A single checking thread that counts the checks it runs. */
  private static final class CountingExecutor extends ThreadPoolExecutor {
    final AtomicInteger started = new AtomicInteger();

    CountingExecutor() {
      super(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
    }

    @Override
    protected void beforeExecute(Thread thread, Runnable check) {
      started.incrementAndGet();
    }
  }
}
