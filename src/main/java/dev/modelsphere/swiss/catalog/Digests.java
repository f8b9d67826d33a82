package dev.modelsphere.swiss.catalog;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** {@code sha256:<lowercase hex>} digests, the form catalogs and plans record. */
final class Digests {
  private Digests() {}

  static String sha256(byte[] bytes) {
    return "sha256:" + HexFormat.of().formatHex(sha256Bytes(bytes));
  }

  static byte[] sha256Bytes(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
