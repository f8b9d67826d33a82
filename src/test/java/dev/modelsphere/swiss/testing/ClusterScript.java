package dev.modelsphere.swiss.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

/** Runs {@code hack/cluster/up} and {@code down}; their output goes to the test log as it comes. */
final class ClusterScript {
  /** A first build of the control plane on 2 cores takes a quarter of an hour; leave room. */
  private static final long UP_TIMEOUT_MINUTES = 60;

  private static final int TAIL_LINES = 40;

  record Result(Path dir, boolean started) {}

  private ClusterScript() {}

  static Result up() {
    Path script = SharedFixtures.project().resolve("hack/cluster/up");
    Deque<String> tail = new ArrayDeque<>();
    int exit = run(script, tail, UP_TIMEOUT_MINUTES);
    String dir = valueAfter(tail, TestCluster.ENV + "=");
    if (exit != 0 || dir == null) {
      throw new IllegalStateException(
          script + " failed (exit " + exit + "); last output:\n" + String.join("\n", tail));
    }
    return new Result(Paths.get(dir), tail.contains("cluster started"));
  }

  static void down(Path dir) {
    Path script = SharedFixtures.project().resolve("hack/cluster/down");
    ProcessBuilder pb = new ProcessBuilder(script.toString()).redirectErrorStream(true).inheritIO();
    pb.environment().put("SWISS_CLUSTER_DIR", dir.toString());
    try {
      pb.start().waitFor(60, TimeUnit.SECONDS);
    } catch (IOException | InterruptedException e) {
      System.err.println("hack/cluster/down failed: " + e);
    }
  }

  private static int run(Path script, Deque<String> tail, long timeoutMinutes) {
    try {
      Process p = new ProcessBuilder(script.toString()).redirectErrorStream(true).start();
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = out.readLine()) != null; ) {
          System.out.println("[hack/cluster/up] " + line);
          remember(tail, line);
        }
      }
      if (!p.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
        p.destroy();
        throw new IllegalStateException(
            script + " did not finish within " + timeoutMinutes + " min");
      }
      return p.exitValue();
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + script + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + script, e);
    }
  }

  private static void remember(Deque<String> tail, String line) {
    tail.addLast(line);
    if (tail.size() > TAIL_LINES) {
      tail.removeFirst();
    }
  }

  private static String valueAfter(Deque<String> lines, String prefix) {
    return lines.stream()
        .filter(l -> l.startsWith(prefix))
        .map(l -> l.substring(prefix.length()))
        .reduce((a, b) -> b)
        .orElse(null);
  }
}
