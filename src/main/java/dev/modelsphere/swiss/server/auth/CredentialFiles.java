package dev.modelsphere.swiss.server.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The credential files in a mounted Secret directory ({@code username}, {@code password}, optional
 * {@code tokenKey} and {@code proxyKey}), read again whenever one of them changes, so a rotated
 * Secret takes effect without a restart.
 *
 * <p>The token key is always random. Without a {@code tokenKey} file, or with one too weak to sign
 * with (shorter than {@value Credentials#MIN_TOKEN_KEY_BYTES} bytes, or the password itself), the
 * server signs with a key it drew when it started: its tokens then end when it restarts, and
 * another replica does not accept them. Replicas share sessions by sharing the Secret's {@code
 * tokenKey} (the chart generates one). The reference derived the key from the password instead,
 * which made a leaked token a test of password guesses.
 */
public final class CredentialFiles {
  static final String USERNAME = "username";
  static final String PASSWORD = "password";
  static final String TOKEN_KEY = "tokenKey";
  static final String PROXY_KEY = "proxyKey";
  private static final List<String> FILES = List.of(USERNAME, PASSWORD, TOKEN_KEY, PROXY_KEY);

  private static final Logger LOG = LoggerFactory.getLogger(CredentialFiles.class);

  private final Path dir;

  /** The key used while the Secret has no usable {@code tokenKey}: one per server process. */
  private final byte[] drawnKey = drawKey();

  private List<String> loadedStamp;
  private Credentials loaded;

  public CredentialFiles(Path dir) {
    this.dir = dir;
  }

  public Path dir() {
    return dir;
  }

  /**
   * The current credentials, re-read when a file's modification time, size or identity changed.
   *
   * @throws AuthException when a required file is missing or empty
   */
  public synchronized Credentials current() {
    List<String> stamp = stamp();
    if (!stamp.equals(loadedStamp)) {
      loaded = read();
      loadedStamp = stamp;
    }
    return loaded;
  }

  private Credentials read() {
    String username = required(USERNAME);
    String password = required(PASSWORD);
    return new Credentials(username, password, tokenKey(password), optional(PROXY_KEY));
  }

  private byte[] tokenKey(String password) {
    String tokenKey = optional(TOKEN_KEY);
    byte[] key = tokenKey.getBytes(StandardCharsets.UTF_8);
    String weakness =
        tokenKey.isEmpty()
            ? "is missing or empty"
            : key.length < Credentials.MIN_TOKEN_KEY_BYTES
                ? "is %d bytes, shorter than the %d an HS256 key needs"
                    .formatted(key.length, Credentials.MIN_TOKEN_KEY_BYTES)
                : tokenKey.equals(password) ? "is the password itself" : "";
    if (weakness.isEmpty()) {
      return key;
    }
    LOG.warn(
        "{} {}: session tokens are signed with a random key drawn at start, so they end when this"
            + " server restarts and other replicas refuse them -- write at least {} random bytes"
            + " there (every replica must mount the same)",
        dir.resolve(TOKEN_KEY),
        weakness,
        Credentials.MIN_TOKEN_KEY_BYTES);
    return drawnKey.clone();
  }

  private static byte[] drawKey() {
    byte[] key = new byte[Credentials.MIN_TOKEN_KEY_BYTES];
    new SecureRandom().nextBytes(key);
    return key;
  }

  private String required(String name) {
    String value = optional(name);
    if (value.isEmpty()) {
      throw new AuthException(
          "%s is missing or empty; the Secret must carry %s and %s"
              .formatted(dir.resolve(name), USERNAME, PASSWORD));
    }
    return value;
  }

  private String optional(String name) {
    Path file = dir.resolve(name);
    try {
      return trimTrailingNewlines(Files.readString(file));
    } catch (NoSuchFileException e) {
      return "";
    } catch (IOException e) {
      throw new AuthException("cannot read %s: %s".formatted(file, e), e);
    }
  }

  /** A Secret written with {@code echo} ends in a newline that is no part of the value. */
  private static String trimTrailingNewlines(String s) {
    int end = s.length();
    while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) {
      end--;
    }
    return s.substring(0, end);
  }

  private List<String> stamp() {
    List<String> stamp = new ArrayList<>();
    for (String name : FILES) {
      try {
        BasicFileAttributes a = Files.readAttributes(dir.resolve(name), BasicFileAttributes.class);
        // The file key changes when Kubernetes swaps a rotated Secret's files in.
        stamp.add("%s@%s/%d/%s".formatted(name, a.lastModifiedTime(), a.size(), a.fileKey()));
      } catch (IOException e) {
        stamp.add(name + " absent");
      }
    }
    return stamp;
  }
}
