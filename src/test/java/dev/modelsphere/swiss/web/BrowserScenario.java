package dev.modelsphere.swiss.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One spec of {@code web/e2e/} run by Playwright Test ({@code npx playwright test e2e/<spec>})
 * against a real server. Its list output goes to the test log line by line; the spec's {@code act}
 * requests (changes to the cluster behind the UI's back) are answered by {@link ScenarioActions}.
 * The scenario passes when Playwright exits 0, which it also does for a spec that passed only on
 * its retry: the list output and the report then call it flaky.
 */
final class BrowserScenario {
  /** Two attempts of Playwright's 120 s test timeout, and Node and Chromium starting. */
  private static final Duration TIMEOUT = Duration.ofSeconds(300);

  private static final int TAIL = 120;

  private final String spec;
  private final Map<String, String> env = new HashMap<>();
  private final Map<String, ScenarioActions.Action> actions = new HashMap<>();
  private final Deque<String> tail = new ArrayDeque<>();

  private BrowserScenario(String spec) {
    this.spec = spec;
  }

  /** Spec {@code web/e2e/<spec>} against {@code server}, signed in as the test's admin. */
  static BrowserScenario of(String spec, TestServer server, String namespace) {
    return of(spec, server.url(), namespace);
  }

  /** The same through another address of the server: a reverse proxy's, under its prefix. */
  static BrowserScenario of(String spec, String url, String namespace) {
    BrowserScenario scenario = new BrowserScenario(spec);
    scenario.env.put("SWISS_URL", url);
    scenario.env.put("SWISS_USER", TestServer.USER);
    scenario.env.put("SWISS_PASSWORD", TestServer.PASSWORD);
    scenario.env.put("SWISS_NAMESPACE", namespace);
    scenario.env.put("E2E_SCREENSHOTS", Browser.screenshots().toString());
    return scenario;
  }

  BrowserScenario on(String act, ScenarioActions.Action action) {
    actions.put(act, action);
    return this;
  }

  BrowserScenario with(String name, String value) {
    env.put(name, value);
    return this;
  }

  /** Runs the spec to its end and fails the test unless it passed. */
  void run() {
    Browser.requireInstalled();
    try (ScenarioActions served = ScenarioActions.serve(actions)) {
      Process playwright = start(served.url());
      CompletableFuture<Void> watchdog =
          CompletableFuture.runAsync(
              () -> stopTree(playwright),
              CompletableFuture.delayedExecutor(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
      try {
        readToTheEnd(playwright);
        int exit = waitFor(playwright);
        assertThat(served.failures()).as("actions the spec %s asked for", spec).isEmpty();
        assertThat(exit)
            .as(
                "npx playwright test e2e/%s exited %d%s (its trace and screenshot are in"
                    + " target/e2e/report); its last lines:%n%s",
                spec,
                exit,
                watchdog.isDone() ? " after the " + TIMEOUT.toSeconds() + " s timeout" : "",
                String.join("\n", tail))
            .isZero();
      } finally {
        watchdog.cancel(false);
        stopTree(playwright);
      }
    }
  }

  private Process start(String actionsUrl) {
    BrowserReport.Run run = BrowserReport.nextRun(spec);
    ProcessBuilder builder =
        new ProcessBuilder("npx", "--no", "playwright", "test", "e2e/" + spec)
            .directory(SharedFixtures.project().resolve("web").toFile())
            .redirectErrorStream(true);
    Map<String, String> environment = builder.environment();
    environment.putAll(env);
    environment.put("SWISS_E2E_ACTIONS", actionsUrl);
    environment.put("E2E_BLOB", run.blob().toString());
    environment.put("E2E_OUTPUT", run.output().toString());
    environment.put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
    try {
      return builder.start();
    } catch (IOException e) {
      throw new AssertionError(
          "could not start npx playwright for the browser tests ("
              + e.getMessage()
              + "): run hack/browser and hack/web install",
          e);
    }
  }

  private void readToTheEnd(Process playwright) {
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(playwright.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        log(line);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("read npx playwright test e2e/" + spec, e);
    }
  }

  private void log(String line) {
    System.out.println("[e2e/" + spec + "] " + line);
    tail.addLast(line);
    if (tail.size() > TAIL) {
      tail.removeFirst();
    }
  }

  private static int waitFor(Process playwright) {
    try {
      return playwright.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * Playwright, its worker and the Chromium it started, so a hung browser cannot outlive the test.
   */
  private static void stopTree(Process playwright) {
    playwright.descendants().forEach(ProcessHandle::destroyForcibly);
    playwright.destroyForcibly();
  }
}
