package dev.modelsphere.swiss.server.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The credential files in a mounted Secret directory ({@code username}, {@code password}, optional
 * {@code tokenKey} and {@code proxyKey}), read again whenever one of them changes, so a rotated
 * Secret takes effect without a restart.
 */
public final class CredentialFiles {
  static final String USERNAME = "username";
  static final String PASSWORD = "password";
  static final String TOKEN_KEY = "tokenKey";
  static final String PROXY_KEY = "proxyKey";
  private static final List<String> FILES = List.of(USERNAME, PASSWORD, TOKEN_KEY, PROXY_KEY);

  private final Path dir;
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
   * @throws AuthException when a required file is missing or empty, or the token key is too short
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
    String tokenKey = optional(TOKEN_KEY);
    byte[] key =
        tokenKey.isEmpty()
            ? Credentials.derivedTokenKey(password)
            : tokenKey.getBytes(StandardCharsets.UTF_8);
    if (key.length < Credentials.MIN_TOKEN_KEY_BYTES) {
      throw new AuthException(
          "%s is %d bytes; session tokens need a key of at least %d bytes -- write a longer one"
              .formatted(dir.resolve(TOKEN_KEY), key.length, Credentials.MIN_TOKEN_KEY_BYTES));
    }
    return new Credentials(username, password, key, optional(PROXY_KEY));
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
