package dev.modelsphere.swiss.server.http;

import java.util.Locale;
import java.util.Optional;

/**
 * A host and port as a client names the server: in {@code Host}, in {@code X-Forwarded-Host}, in an
 * {@code Origin}, or as written in {@code server.security.hosts}. Host names compare without case
 * and without a trailing dot, as DNS does.
 *
 * @param host the host name or address, lower case; an IPv6 address keeps its brackets
 * @param port the port; {@link #NO_PORT} when none was written
 */
public record Authority(String host, int port) {
  public static final int NO_PORT = -1;

  /**
   * {@code host}, {@code host:port}, {@code [v6]} or {@code [v6]:port}; empty when it is none of
   * those (a header a proxy mangled, a path, a user name).
   */
  public static Optional<Authority> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    String value = text.strip();
    int colon = value.startsWith("[") ? value.indexOf(':', value.indexOf(']')) : value.indexOf(':');
    String host = colon < 0 ? value : value.substring(0, colon);
    String port = colon < 0 ? "" : value.substring(colon + 1);
    if (!validHost(host) || !(port.isEmpty() || port.matches("[0-9]{1,5}"))) {
      return Optional.empty();
    }
    int number = port.isEmpty() ? NO_PORT : Integer.parseInt(port);
    if (number > 65535) {
      return Optional.empty();
    }
    return Optional.of(new Authority(normalised(host), number));
  }

  /** The port a client of {@code scheme} reaches when it writes none. */
  public static int defaultPort(String scheme) {
    return "https".equalsIgnoreCase(scheme) ? 443 : 80;
  }

  /** This port, or the scheme's default when none was written. */
  public int portOr(String scheme) {
    return port == NO_PORT ? defaultPort(scheme) : port;
  }

  public boolean sameHost(Authority other) {
    return host.equals(other.host);
  }

  @Override
  public String toString() {
    return port == NO_PORT ? host : host + ":" + port;
  }

  private static boolean validHost(String host) {
    if (host.startsWith("[")) {
      return host.matches("\\[[0-9A-Fa-f:.]+\\]");
    }
    return host.matches("[A-Za-z0-9._-]+");
  }

  private static String normalised(String host) {
    String lower = host.toLowerCase(Locale.ROOT);
    return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
  }
}
