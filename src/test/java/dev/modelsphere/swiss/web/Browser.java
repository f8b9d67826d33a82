package dev.modelsphere.swiss.web;

import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What the browser tests need on the machine: Debian's Chromium, Node, and the web/ packages. A
 * missing piece fails the test saying how to get it: skipped browser tests would look like a UI
 * that works.
 */
final class Browser {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");

  private Browser() {}

  static void requireInstalled() {
    if (!Files.isExecutable(CHROMIUM)) {
      throw new AssertionError(CHROMIUM + " is missing: run hack/browser (Debian's chromium)");
    }
    if (!nodeRuns()) {
      throw new AssertionError("node does not run: install Node.js 20 or newer, then hack/browser");
    }
    Path playwright = SharedFixtures.project().resolve("web/node_modules/@playwright/test");
    if (!Files.isDirectory(playwright)) {
      throw new AssertionError(playwright + " is missing: run hack/web install (npm ci in web/)");
    }
  }

  /** Where scenarios save their screenshots: {@code target/e2e}. */
  static Path screenshots() {
    return SharedFixtures.project().resolve("target/e2e");
  }

  private static boolean nodeRuns() {
    try {
      Process node = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
      node.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
      return node.waitFor(10, TimeUnit.SECONDS) && node.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
