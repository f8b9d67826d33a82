package dev.modelsphere.swiss.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local HTTP server standing in for an API server, for answers a real one never gives and for
 * looking at what a client sent: every request gets one canned status and JSON body, and is
 * remembered. Its {@link #client()} does not retry, so a test sees the first answer.
 */
public final class FakeApiServer implements AutoCloseable {
  /** One request as the server received it; {@code query} is null when there is none. */
  public record Request(String method, String path, String query, String accept, String body) {}

  private final HttpServer server;
  private final KubernetesClient client;
  private final List<Request> requests = new CopyOnWriteArrayList<>();

  private FakeApiServer(int code, String body) {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start a local HTTP server: " + e.getMessage(), e);
    }
    server.createContext("/", exchange -> answer(exchange, code, body));
    server.start();
    client = clientAt("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** A server that answers every request with {@code code} and the JSON {@code body}. */
  public static FakeApiServer answering(int code, String body) {
    return new FakeApiServer(code, body);
  }

  /** A client for {@code masterUrl} that makes one attempt per request. */
  static KubernetesClient clientAt(String masterUrl) {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder().withMasterUrl(masterUrl).withRequestRetryBackoffLimit(0).build())
        .build();
  }

  public KubernetesClient client() {
    return client;
  }

  /** The requests received so far, oldest first. */
  public List<Request> requests() {
    return List.copyOf(requests);
  }

  private void answer(HttpExchange exchange, int code, String body) throws IOException {
    String received = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    requests.add(
        new Request(
            exchange.getRequestMethod(),
            exchange.getRequestURI().getPath(),
            exchange.getRequestURI().getQuery(),
            exchange.getRequestHeaders().getFirst("Accept"),
            received));
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    client.close();
    server.stop(0);
  }
}
