package dev.modelsphere.swiss.deploy.approval;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * {@code sha256:<hex>} of what a profile or SLO write stores: the name an approval of such a write
 * binds, as a plan's hash names an install.
 */
public final class ContentHash {
  private static final Pattern FORM = Pattern.compile("sha256:[0-9a-f]{64}");

  private ContentHash() {}

  public static String of(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  static boolean wellFormed(String hash) {
    return FORM.matcher(hash).matches();
  }
}
