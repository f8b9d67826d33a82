package dev.modelsphere.swiss.web;

import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Playwright report for all the browser scenarios of a test run. Each scenario's run writes a
 * blob report of its own ({@link #nextRun}); when the run's last test class is done, JUnit closes
 * the resource this extension keeps in its root store, which merges the blobs into one HTML report
 * at {@code target/e2e/report} (traces and screenshots of failures included). Registered on every
 * {@code @BrowserTest} class with {@code @ExtendWith}.
 */
final class BrowserReport implements BeforeAllCallback {
  private static final Path E2E = SharedFixtures.project().resolve("target/e2e");
  private static final Path BLOBS = E2E.resolve("blobs");
  private static final Path REPORT = E2E.resolve("report");
  private static final AtomicInteger RUNS = new AtomicInteger();

  /** Where one run of {@code spec} keeps its blob report and its failure artifacts. */
  record Run(Path blob, Path output) {}

  @Override
  public void beforeAll(ExtensionContext context) {
    context
        .getRoot()
        .getStore(ExtensionContext.Namespace.create(BrowserReport.class))
        .getOrComputeIfAbsent(Merge.class, type -> new Merge(), Merge.class);
  }

  /** The next run's places, numbered so that a spec run twice keeps both runs. */
  static Run nextRun(String spec) {
    String name =
        "%02d-%s".formatted(RUNS.incrementAndGet(), spec.replaceAll("\\.spec\\.mjs$", ""));
    return new Run(BLOBS.resolve(name + ".zip"), E2E.resolve("results").resolve(name));
  }

  /** Clears the last test run's blobs when created, merges this run's when closed. */
  private static final class Merge implements AutoCloseable {
    Merge() {
      deleteTree(BLOBS);
      deleteTree(E2E.resolve("results"));
    }

    @Override
    public void close() throws Exception {
      if (!Files.isDirectory(BLOBS)) {
        return;
      }
      deleteTree(REPORT);
      ProcessBuilder merge =
          new ProcessBuilder(
                  "npx",
                  "--no",
                  "playwright",
                  "merge-reports",
                  "--reporter",
                  "html",
                  BLOBS.toString())
              .directory(SharedFixtures.project().resolve("web").toFile())
              .redirectErrorStream(true);
      merge.environment().put("PLAYWRIGHT_HTML_OUTPUT_DIR", REPORT.toString());
      merge.environment().put("PLAYWRIGHT_HTML_OPEN", "never");
      Process process = merge.start();
      if (!process.waitFor(2, TimeUnit.MINUTES)) {
        process.destroyForcibly();
      }
      System.out.println(
          "[e2e] one report of the browser scenarios: " + REPORT.resolve("index.html"));
    }
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(BrowserReport::delete);
    } catch (IOException e) {
      throw new UncheckedIOException("clear " + root, e);
    }
  }

  private static void delete(Path path) {
    try {
      Files.delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException("delete " + path, e);
    }
  }
}
