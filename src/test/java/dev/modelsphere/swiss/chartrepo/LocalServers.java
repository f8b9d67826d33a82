package dev.modelsphere.swiss.chartrepo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * HTTP servers on 127.0.0.1 that play repositories for a test, stopped after it. Each exchange runs
 * on its own thread, so a handler that holds a response open (a stalled body) is interrupted at the
 * end instead of keeping the server from stopping.
 */
final class LocalServers implements AfterEachCallback {

  private final List<HttpServer> servers = new ArrayList<>();
  private final List<ExecutorService> handlers = new ArrayList<>();

  /**
   * Starts a server answering every path with {@code handler}; returns {@code http://host:port}.
   */
  String serve(HttpHandler handler) {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      ExecutorService executor = Executors.newCachedThreadPool();
      server.setExecutor(executor);
      server.createContext("/", handler);
      server.start();
      servers.add(server);
      handlers.add(executor);
      return "http://127.0.0.1:" + server.getAddress().getPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An address where nothing listens. */
  static String closedAddress() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return "http://127.0.0.1:" + socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void respond(HttpExchange exchange, int status, String body) throws IOException {
    respond(exchange, status, body.getBytes(StandardCharsets.UTF_8));
  }

  static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    handlers.forEach(ExecutorService::shutdownNow);
    servers.forEach(server -> server.stop(0));
  }
}
