package dev.modelsphere.swiss.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The threads swiss starts, by the names it gives them ({@code swiss-write-1}, {@code
 * swiss-lease-renewal}, {@code swiss-events-timer}...): for tests that show a server or a command
 * leaves none of them running once it has ended.
 */
public final class SwissThreads {
  private final Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());

  private SwissThreads() {}

  /** Remembers the threads alive now, to tell them from those started later. */
  public static SwissThreads fromNow() {
    return new SwissThreads();
  }

  /** The names of swiss's threads started since {@link #fromNow()} and still alive, sorted. */
  public List<String> started() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && !before.contains(t))
        .map(Thread::getName)
        .filter(name -> name.startsWith("swiss-"))
        .sorted()
        .toList();
  }

  /** Waits (a while) until every swiss thread started since {@link #fromNow()} has ended. */
  public void awaitAllEnded(String after) {
    await()
        .atMost(Duration.ofSeconds(15))
        .untilAsserted(
            () -> assertThat(started()).as("threads left running after " + after).isEmpty());
  }
}
