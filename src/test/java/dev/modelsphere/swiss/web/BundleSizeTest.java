package dev.modelsphere.swiss.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** The UI's JavaScript as the build put it in the jar stays under its gzipped budget. */
class BundleSizeTest {
  private static final long BUDGET = 300 * 1024;

  @Test
  void theBuiltJavaScriptIsUnder300KbGzipped() throws IOException {
    Path assets = SharedFixtures.project().resolve("target/classes/web/assets");
    assertThat(assets)
        .as("the UI build (hack/web build, run by mvn process-resources)")
        .isDirectory();
    List<Path> scripts;
    try (Stream<Path> files = Files.list(assets)) {
      scripts = files.filter(f -> f.toString().endsWith(".js")).toList();
    }
    assertThat(scripts).as("JavaScript in %s", assets).isNotEmpty();

    long gzipped = 0;
    for (Path script : scripts) {
      gzipped += gzippedSize(Files.readAllBytes(script));
    }
    System.out.printf(
        "web UI JavaScript: %d files, %.1f KB gzipped (budget %d KB)%n",
        scripts.size(), gzipped / 1024.0, BUDGET / 1024);
    assertThat(gzipped).as("gzipped bytes of %s", scripts).isLessThan(BUDGET);
  }

  /** What a server's gzip would send, at the default level. */
  private static int gzippedSize(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(bytes);
    }
    return out.size();
  }
}
