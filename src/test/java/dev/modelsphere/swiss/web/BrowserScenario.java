package dev.modelsphere.swiss.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One scenario of {@code web/e2e/} run by Node as a child process against a real server. Its output
 * goes to the test log line by line; a line {@code @@ACT <name> <arg>} asks this side to change the
 * cluster behind the UI's back, and the scenario waits until it reads {@code @@DONE} (or
 * {@code @@FAILED <reason>}) on its stdin. The scenario passes when Node exits 0.
 */
final class BrowserScenario {
  /** What the test does for one {@code @@ACT}: its answer follows {@code @@DONE}. */
  @FunctionalInterface
  interface Action {
    String perform(String arg) throws Exception;
  }

  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final int TAIL = 80;

  private final String script;
  private final Map<String, String> env = new HashMap<>();
  private final Map<String, Action> actions = new HashMap<>();
  private final Deque<String> tail = new ArrayDeque<>();
  private final List<String> failedActions = new ArrayList<>();

  private BrowserScenario(String script) {
    this.script = script;
  }

  /** Scenario {@code web/e2e/<script>} against {@code server}, signed in as the test's admin. */
  static BrowserScenario of(String script, TestServer server, String namespace) {
    return of(script, server.url(), namespace);
  }

  /** The same through another address of the server: a reverse proxy's, under its prefix. */
  static BrowserScenario of(String script, String url, String namespace) {
    BrowserScenario scenario = new BrowserScenario(script);
    scenario.env.put("SWISS_URL", url);
    scenario.env.put("SWISS_USER", TestServer.USER);
    scenario.env.put("SWISS_PASSWORD", TestServer.PASSWORD);
    scenario.env.put("SWISS_NAMESPACE", namespace);
    scenario.env.put("E2E_SCREENSHOTS", Browser.screenshots().toString());
    return scenario;
  }

  BrowserScenario on(String act, Action action) {
    actions.put(act, action);
    return this;
  }

  BrowserScenario with(String name, String value) {
    env.put(name, value);
    return this;
  }

  /** Runs the scenario to its end and fails the test unless it passed. */
  void run() {
    Browser.requireInstalled();
    Process node = start();
    CompletableFuture<Void> watchdog =
        CompletableFuture.runAsync(
            () -> stopTree(node),
            CompletableFuture.delayedExecutor(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
    try {
      converse(node);
      int exit = waitFor(node);
      assertThat(failedActions).as("actions the scenario %s asked for", script).isEmpty();
      assertThat(exit)
          .as(
              "node e2e/%s exited %d%s; its last lines:%n%s",
              script,
              exit,
              watchdog.isDone() ? " after the " + TIMEOUT.toSeconds() + " s timeout" : "",
              String.join("\n", tail))
          .isZero();
    } finally {
      watchdog.cancel(false);
      stopTree(node);
    }
  }

  private Process start() {
    Path web = SharedFixtures.project().resolve("web");
    ProcessBuilder builder =
        new ProcessBuilder("node", "e2e/" + script)
            .directory(web.toFile())
            .redirectErrorStream(true);
    builder.environment().putAll(env);
    try {
      return builder.start();
    } catch (IOException e) {
      throw new AssertionError(
          "could not start node for the browser tests (" + e.getMessage() + "): run hack/browser",
          e);
    }
  }

  /** Reads the scenario's output to its end, answering each {@code @@ACT} as it comes. */
  private void converse(Process node) {
    try (BufferedReader out =
            new BufferedReader(
                new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
        Writer in = node.outputWriter(StandardCharsets.UTF_8)) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        log(line);
        if (line.startsWith("@@ACT ")) {
          in.write(answer(line.substring("@@ACT ".length())) + "\n");
          in.flush();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("talk to node e2e/" + script, e);
    }
  }

  private String answer(String request) {
    String[] parts = request.split(" ", 2);
    Action action = actions.get(parts[0]);
    if (action == null) {
      failedActions.add("no action " + parts[0]);
      return "@@FAILED the test offers no action " + parts[0] + ", only " + actions.keySet();
    }
    try {
      String result = action.perform(parts.length > 1 ? parts[1] : "");
      return ("@@DONE " + result).trim();
    } catch (Exception | AssertionError e) {
      failedActions.add(parts[0] + ": " + e);
      return "@@FAILED " + String.valueOf(e).replace('\n', ' ');
    }
  }

  private void log(String line) {
    System.out.println("[e2e/" + script + "] " + line);
    tail.addLast(line);
    if (tail.size() > TAIL) {
      tail.removeFirst();
    }
  }

  private static int waitFor(Process node) {
    try {
      return node.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Node and the Chromium it started, so a hung browser cannot outlive the test. */
  private static void stopTree(Process node) {
    node.descendants().forEach(ProcessHandle::destroyForcibly);
    node.destroyForcibly();
  }
}
