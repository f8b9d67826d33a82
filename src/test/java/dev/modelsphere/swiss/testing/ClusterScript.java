package dev.modelsphere.swiss.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code hack/cluster/up} and {@code down}; their output goes to the test log as it comes. A
 * script that outlives its timeout is stopped with every process it started, so a hung {@code up}
 * fails the test run instead of hanging it.
 */
final class ClusterScript {
  /** A first build of the control plane on 2 cores takes a quarter of an hour; leave room. */
  private static final Duration UP_TIMEOUT = Duration.ofMinutes(60);

  private static final Duration DOWN_TIMEOUT = Duration.ofSeconds(60);

  /**
   * How long the output may keep coming after the script exited: a daemon that kept the script's
   * stdout open must not hold the test run.
   */
  private static final Duration OUTPUT_GRACE = Duration.ofSeconds(5);

  private static final int TAIL_LINES = 40;

  record Result(Path dir, boolean started) {}

  /** One finished run: the exit code and the last lines of output. */
  record Run(int exit, List<String> tail) {}

  private ClusterScript() {}

  static Result up() {
    Path script = SharedFixtures.project().resolve("hack/cluster/up");
    Run run = run(script, Map.of(), UP_TIMEOUT);
    String dir = valueAfter(run.tail(), TestCluster.ENV + "=");
    if (run.exit() != 0 || dir == null) {
      throw new IllegalStateException(
          "%s failed (exit %d); last output:%n%s"
              .formatted(script, run.exit(), String.join("\n", run.tail())));
    }
    return new Result(Paths.get(dir), run.tail().contains("cluster started"));
  }

  static void down(Path dir) {
    Path script = SharedFixtures.project().resolve("hack/cluster/down");
    try {
      run(script, Map.of("SWISS_CLUSTER_DIR", dir.toString()), DOWN_TIMEOUT);
    } catch (IllegalStateException e) {
      // Runs from a shutdown hook: nothing is left to fail, so say what is left behind.
      System.err.println(e.getMessage());
    }
  }

  /**
   * Runs {@code script} with {@code env} added to this JVM's environment, echoing its output. When
   * it does not finish within {@code timeout} it is stopped, with the processes it started, and the
   * run fails with the last lines it printed.
   */
  static Run run(Path script, Map<String, String> env, Duration timeout) {
    ProcessBuilder builder = new ProcessBuilder(script.toString()).redirectErrorStream(true);
    builder.environment().putAll(env);
    Process process = start(builder, script);
    Tail tail = new Tail("[" + script.getFileName() + "] ");
    // Read on a thread of its own: a blocking read cannot watch a clock.
    Thread reader =
        new Thread(() -> tail.follow(process.getInputStream()), "cluster-script-output");
    reader.setDaemon(true);
    reader.start();
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        stopWithChildren(process);
        throw new IllegalStateException(
            "%s did not finish within %s and was stopped; last output:%n%s"
                .formatted(script, timeout, String.join("\n", tail.lines())));
      }
      reader.join(OUTPUT_GRACE.toMillis());
      return new Run(process.exitValue(), tail.lines());
    } catch (InterruptedException e) {
      stopWithChildren(process);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + script, e);
    }
  }

  private static Process start(ProcessBuilder builder, Path script) {
    try {
      return builder.start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot run %s: %s".formatted(script, e.getMessage()), e);
    }
  }

  /**
   * The children are listed before the script is stopped: once it is gone they are no longer its
   * descendants, and one of them holding the output open would keep the reader waiting.
   */
  private static void stopWithChildren(Process process) {
    List<ProcessHandle> children = process.descendants().toList();
    process.destroyForcibly();
    children.forEach(ProcessHandle::destroyForcibly);
  }

  private static String valueAfter(List<String> lines, String prefix) {
    return lines.stream()
        .filter(l -> l.startsWith(prefix))
        .map(l -> l.substring(prefix.length()))
        .reduce((a, b) -> b)
        .orElse(null);
  }

  /** Echoes a script's output line by line and keeps its last lines for an error message. */
  private static final class Tail {
    private final String label;
    private final Deque<String> lines = new ArrayDeque<>();

    Tail(String label) {
      this.label = label;
    }

    void follow(InputStream output) {
      try (BufferedReader in =
          new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
        for (String line; (line = in.readLine()) != null; ) {
          System.out.println(label + line);
          remember(line);
        }
      } catch (IOException e) {
        // The stream closes under the reader when the script is stopped; what was read is kept.
      }
    }

    private synchronized void remember(String line) {
      lines.addLast(line);
      if (lines.size() > TAIL_LINES) {
        lines.removeFirst();
      }
    }

    synchronized List<String> lines() {
      return List.copyOf(lines);
    }
  }
}
