package dev.modelsphere.swiss.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The one account, as read from its mounted Secret.
 *
 * @param tokenKey the HMAC key of session tokens; derived from the password when the Secret has
 *     none, so a password change also revokes tokens signed with the derived key
 * @param proxyKey the key a trusted front proxy sends as its bearer token; empty when none
 */
public record Credentials(String username, String password, byte[] tokenKey, String proxyKey) {
  /** HS256 needs a key of at least 256 bits (RFC 7518 §3.2); the JOSE library enforces it. */
  static final int MIN_TOKEN_KEY_BYTES = 32;

  private static final byte[] KEY_DERIVATION_PREFIX =
      "swiss-token-key\0".getBytes(StandardCharsets.UTF_8);

  public Credentials {
    tokenKey = tokenKey.clone();
    proxyKey = proxyKey == null ? "" : proxyKey;
  }

  /** The key the reference derives when the Secret carries no {@code tokenKey}. */
  static byte[] derivedTokenKey(String password) {
    MessageDigest sha = sha256();
    sha.update(KEY_DERIVATION_PREFIX);
    return sha.digest(password.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Which password a token was issued under (hex of the first 8 bytes of its SHA-256): tokens carry
   * it, so changing the password refuses every token issued before.
   */
  public String passwordVersion() {
    byte[] digest = sha256().digest(password.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(Arrays.copyOf(digest, 8));
  }

  /** Whether both halves match, in time that does not depend on where they differ. */
  public boolean matches(String user, String pass) {
    boolean userMatches = constantTimeEquals(username, user);
    boolean passMatches = constantTimeEquals(password, pass);
    return userMatches & passMatches;
  }

  /** Whether {@code bearer} is the trusted proxy's key; never true without a key or a bearer. */
  public boolean isProxyKey(String bearer) {
    return !proxyKey.isEmpty()
        && bearer != null
        && !bearer.isEmpty()
        && constantTimeEquals(proxyKey, bearer);
  }

  @Override
  public byte[] tokenKey() {
    return tokenKey.clone();
  }

  @Override
  public String toString() {
    return "Credentials[username=%s]".formatted(username);
  }

  private static boolean constantTimeEquals(String expected, String given) {
    return MessageDigest.isEqual(
        expected.getBytes(StandardCharsets.UTF_8),
        (given == null ? "" : given).getBytes(StandardCharsets.UTF_8));
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
