package dev.modelsphere.swiss.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The one account, as read from its mounted Secret.
 *
 * @param tokenKey the HMAC key of session tokens: the Secret's {@code tokenKey}, or one drawn at
 *     random (see {@link CredentialFiles}); never derived from the password
 * @param proxyKey the key a trusted front proxy sends as its bearer token; empty when none
 */
public record Credentials(String username, String password, byte[] tokenKey, String proxyKey) {
  /** HS256 needs a key of at least 256 bits (RFC 7518 §3.2); the JOSE library enforces it. */
  static final int MIN_TOKEN_KEY_BYTES = 32;

  private static final String HMAC = "HmacSHA256";

  /** Keeps the password's MAC apart from the token signatures made with the same key. */
  private static final byte[] PASSWORD_VERSION_PREFIX =
      "swiss-password-version\0".getBytes(StandardCharsets.UTF_8);

  public Credentials {
    tokenKey = tokenKey.clone();
    proxyKey = proxyKey == null ? "" : proxyKey;
  }

  /**
   * Which password a token was issued under (hex of the first 8 bytes of an HMAC-SHA256 of the
   * password under the token key): tokens carry it, so changing the password refuses every token
   * issued before. Keyed so a token that leaks is no check of password guesses: a plain hash of the
   * password (what the reference puts there) is.
   */
  public String passwordVersion() {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(new SecretKeySpec(tokenKey, HMAC));
      mac.update(PASSWORD_VERSION_PREFIX);
      byte[] tag = mac.doFinal(password.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(Arrays.copyOf(tag, 8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java runtime has HMAC-SHA256", e);
    }
  }

  /** Whether both halves match, in time that does not depend on where they differ. */
  public boolean matches(String user, String pass) {
    boolean userMatches = constantTimeEquals(username, user);
    boolean passMatches = constantTimeEquals(password, pass);
    return userMatches & passMatches;
  }

  /**
   * The name the login throttle counts a try of {@code tried} under: the account's own name, or one
   * shared name for every other. Only the account's password can be guessed, and a name typed by
   * mistake (a password in the wrong field, say) is never written down.
   */
  public String throttledName(String tried) {
    return constantTimeEquals(username, tried) ? username : "";
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
}
