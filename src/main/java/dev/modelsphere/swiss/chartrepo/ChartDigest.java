package dev.modelsphere.swiss.chartrepo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The digest swiss records for a chart, {@code sha256:<hex>}: of the archive's bytes for a packaged
 * chart (what a repository index lists as {@code digest}), of every file for a chart folder. Two
 * charts with one digest install the same thing, so a digest that moved under one chart version
 * means someone re-pushed it.
 */
public final class ChartDigest {

  private static final String SHA256 = "sha256:";

  private ChartDigest() {}

  public static String ofBytes(byte[] bytes) {
    MessageDigest sha = sha256();
    return SHA256 + HexFormat.of().formatHex(sha.digest(bytes));
  }

  /**
   * A packaged chart's digest, or a folder's: each regular file's path under it, then its bytes, in
   * path order, so a renamed, added, removed or edited file each change it.
   */
  public static String of(Path chart) {
    try {
      if (Files.isRegularFile(chart)) {
        return ofBytes(Files.readAllBytes(chart));
      }
      MessageDigest sha = sha256();
      for (Path file : filesUnder(chart)) {
        String relative = chart.relativize(file).toString().replace('\\', '/');
        sha.update(relative.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        byte[] content = Files.readAllBytes(file);
        sha.update(Long.toString(content.length).getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) 0);
        sha.update(content);
      }
      return SHA256 + HexFormat.of().formatHex(sha.digest());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the chart at " + chart, e);
    }
  }

  /**
   * An index's {@code digest} in the recorded form: indexes write bare hex, registries prefix it.
   */
  static String fromIndex(String digest) {
    String hex = digest.strip().toLowerCase(Locale.ROOT);
    if (hex.isEmpty()) {
      return "";
    }
    return hex.startsWith(SHA256) ? hex : SHA256 + hex;
  }

  /** The first 16 hex digits: enough to tell archives of one chart version apart in a file name. */
  static String shortForm(String digest) {
    String hex = digest.startsWith(SHA256) ? digest.substring(SHA256.length()) : digest;
    return hex.substring(0, Math.min(16, hex.length()));
  }

  private static List<Path> filesUnder(Path folder) throws IOException {
    try (Stream<Path> walk = Files.walk(folder)) {
      return walk.filter(Files::isRegularFile).sorted().toList();
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
