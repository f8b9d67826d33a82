package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.config.GoDuration;
import dev.modelsphere.swiss.deploy.view.Rollout;
import dev.modelsphere.swiss.deploy.view.StatusReport;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * {@code --wait} and {@code --timeout} of the writing commands: after the write, follow the rollout
 * until the model serves, with a progress line, and fail naming why when it cannot.
 */
final class WaitOptions {
  /** How often the status is read again: a model takes minutes, a person looks every second. */
  static final Duration POLL = Duration.ofSeconds(2);

  @Option(
      names = "--wait",
      description =
          "After the write, follow the rollout until every pod is ready (exit 0); fail with the"
              + " reason when a pod cannot be scheduled or keeps crashing, or at --timeout.")
  boolean wait;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = "15m",
      description = "How long --wait follows the rollout: 90s, 15m (the default), 1h.")
  String timeout;

  /**
   * Follows {@code status} until the rollout is ready, when {@code --wait} was given.
   *
   * @throws CliException naming why it failed or what it was doing when time ran out
   */
  void follow(PrintWriter err, Supplier<StatusReport> status) {
    if (wait) {
      follow(err, status, timeout);
    }
  }

  /**
   * Follows {@code status} until the rollout is ready, fails or {@code timeout} passes.
   *
   * @throws CliException naming why it failed or what it was doing when time ran out
   */
  static void follow(PrintWriter err, Supplier<StatusReport> status, String timeout) {
    Duration limit = limit(timeout);
    long end = System.nanoTime() + limit.toNanos();
    Progress progress = new Progress(err, System.console() != null);
    while (true) {
      Rollout rollout = Rollout.of(status.get());
      progress.show(rollout.summary());
      switch (rollout.phase()) {
        case READY -> {
          progress.done("ready: " + rollout.summary());
          return;
        }
        case FAILED -> {
          progress.done("");
          throw new CliException(rollout.summary());
        }
        case PROGRESSING -> {}
      }
      if (System.nanoTime() > end) {
        progress.done("");
        throw new CliException("not ready after %s: %s".formatted(timeout, rollout.summary()));
      }
      sleep();
    }
  }

  private static Duration limit(String timeout) {
    try {
      Duration limit = GoDuration.parse(timeout);
      if (limit.isNegative() || limit.isZero()) {
        throw new IllegalArgumentException("not positive");
      }
      return limit;
    } catch (RuntimeException e) {
      throw new CliException(
          "--timeout %s is not a duration like 90s, 15m or 1h".formatted(timeout));
    }
  }

  private static void sleep() {
    try {
      Thread.sleep(POLL.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while waiting for the rollout");
    }
  }

  /** One line rewritten in place on a terminal; a new line per change otherwise (logs, CI). */
  private static final class Progress {
    private final PrintWriter err;
    private final boolean terminal;
    private String shown = "";

    Progress(PrintWriter err, boolean terminal) {
      this.err = err;
      this.terminal = terminal;
    }

    void show(String line) {
      if (line.equals(shown)) {
        return;
      }
      if (terminal) {
        err.print("\r\033[K" + line);
      } else {
        err.println(line);
      }
      err.flush();
      shown = line;
    }

    void done(String last) {
      if (terminal) {
        err.print("\r\033[K");
      }
      if (!last.isEmpty()) {
        err.println(last);
      }
      err.flush();
    }
  }
}
