package dev.modelsphere.swiss.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A local HTTP server on a free loopback port for a simulated service: every request is remembered
 * and answered by a function of it. Requests are served in parallel, so a slow answer holds up no
 * other.
 */
public final class LocalHttpServer implements AutoCloseable {
  /** One request as received; header names in lower case. */
  public record Received(String method, String path, Map<String, String> headers, String body) {
    /** The header's value, whatever case it was sent in; empty when it was not sent. */
    public String header(String name) {
      return headers.getOrDefault(name.toLowerCase(Locale.ROOT), "");
    }
  }

  /** What to answer: a status, a JSON body and headers besides its content type. */
  public record Answer(int status, String json, Map<String, String> headers) {
    public Answer(int status, String json) {
      this(status, json, Map.of());
    }
  }

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<Received> received = new CopyOnWriteArrayList<>();

  private LocalHttpServer(Function<Received, Answer> answers) {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start a local HTTP server: " + e.getMessage(), e);
    }
    server.createContext("/", exchange -> answer(exchange, answers));
    server.setExecutor(threads);
    server.start();
  }

  public static LocalHttpServer start(Function<Received, Answer> answers) {
    return new LocalHttpServer(answers);
  }

  /** {@code http://127.0.0.1:<port>}, no trailing slash. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** The requests received so far, oldest first. */
  public List<Received> received() {
    return List.copyOf(received);
  }

  private void answer(HttpExchange exchange, Function<Received, Answer> answers)
      throws IOException {
    Map<String, String> headers = new LinkedHashMap<>();
    exchange
        .getRequestHeaders()
        .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
    Received request =
        new Received(
            exchange.getRequestMethod(),
            exchange.getRequestURI().getRawPath(),
            headers,
            new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    received.add(request);
    Answer answer = answers.apply(request);
    byte[] bytes = answer.json().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    answer.headers().forEach(exchange.getResponseHeaders()::add);
    try (OutputStream out = exchange.getResponseBody()) {
      exchange.sendResponseHeaders(answer.status(), bytes.length);
      out.write(bytes);
    } catch (IOException e) {
      // The client gave up (a timeout under test): nothing is left to answer.
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
