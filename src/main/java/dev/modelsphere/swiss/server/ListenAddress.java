package dev.modelsphere.swiss.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Where the server listens, written as Go writes it: {@code :8080} (every interface), {@code
 * 127.0.0.1:8080}, {@code [::1]:8080}; port 0 picks a free port.
 *
 * @param host the interface; empty for every interface
 */
public record ListenAddress(String host, int port) {

  /**
   * @throws ServerException when the text is not {@code [host]:port}
   */
  public static ListenAddress parse(String text) {
    String s = text == null ? "" : text.strip();
    int colon = s.lastIndexOf(':');
    if (colon < 0) {
      throw invalid(text);
    }
    String host = s.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(s.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw invalid(text);
    }
    if (port < 0 || port > 65535) {
      throw invalid(text);
    }
    return new ListenAddress(host, port);
  }

  /** Whether only this machine can connect. */
  public boolean isLoopback() {
    return host.equals("localhost") || host.equals("::1") || host.startsWith("127.");
  }

  /** The same port on IPv4 loopback. */
  public ListenAddress onLoopback() {
    return new ListenAddress("127.0.0.1", port);
  }

  /** As it is written in a config: {@code :8080}, {@code 127.0.0.1:8080}, {@code [::1]:8080}. */
  public String text() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /** The host to bind; null binds every interface. */
  String bindHost() {
    return host.isEmpty() ? null : host;
  }

  /** A URL a person on this machine can open. */
  public String url(int boundPort) {
    String shown = host.isEmpty() || host.equals("0.0.0.0") ? "localhost" : host;
    return "http://%s:%d".formatted(shown.contains(":") ? "[" + shown + "]" : shown, boundPort);
  }

  /**
   * Refuses an address something else already listens on, before the server spends its start (the
   * cluster's watches, the database) on it. Binding later can still fail, and says the same.
   */
  public void requireFree() {
    if (port == 0) {
      return;
    }
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(bindHost(), port));
    } catch (IOException e) {
      throw inUse(e);
    }
  }

  /** The port is taken. */
  ServerException inUse(Throwable cause) {
    return new ServerException(
        "cannot listen on %s: the port is in use -- stop what holds it, or pass another --addr"
            .formatted(url(port).replaceFirst("^http://", "")),
        cause);
  }

  private static ServerException invalid(String text) {
    return new ServerException(
        "listen address \"%s\" is not host:port -- write e.g. :8080 or 127.0.0.1:8080"
            .formatted(text));
  }
}
