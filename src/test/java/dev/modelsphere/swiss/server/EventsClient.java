package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One open {@code GET /api/events}, read as a browser's EventSource would: lines parsed into events
 * and comments on a thread of its own, handed to the test with timeouts so a broken stream fails
 * the test instead of hanging it.
 */
final class EventsClient implements AutoCloseable {
  /** One thing the stream carried: an event, a comment ({@code type} "comment"), or its end. */
  record Received(String id, String type, String data, long atNanos) {
    static final String COMMENT = "comment";
    static final String END = "end";
  }

  private final HttpResponse<Stream<String>> response;
  private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
  private final List<String> problems = new CopyOnWriteArrayList<>();
  private final Thread reader;

  private EventsClient(HttpResponse<Stream<String>> response) {
    this.response = response;
    this.reader = new Thread(this::read, "test-events-reader");
    reader.setDaemon(true);
    reader.start();
  }

  /** Connects; the answer's status and headers are in {@link #response()}. */
  static EventsClient open(URI uri, String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").GET();
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    try {
      HttpResponse<Stream<String>> response =
          HttpClient.newBuilder()
              .connectTimeout(Duration.ofSeconds(5))
              .build()
              .sendAsync(request.build(), HttpResponse.BodyHandlers.ofLines())
              .get(10, TimeUnit.SECONDS);
      return new EventsClient(response);
    } catch (Exception e) {
      throw new IllegalStateException("GET %s did not answer in 10s: %s".formatted(uri, e), e);
    }
  }

  HttpResponse<Stream<String>> response() {
    return response;
  }

  /** The next event (comments skipped), or fails after {@code within}. */
  Received next(Duration within) {
    return nextMatching(r -> !r.type().equals(Received.COMMENT), within);
  }

  /**
   * The next thing received that matches, skipping the rest, or fails after {@code within}. Fails
   * too once any event did not fit its description in {@code docs/openapi.yaml}.
   */
  Received nextMatching(Predicate<Received> wanted, Duration within) {
    assertThat(problems).as("events that do not fit docs/openapi.yaml").isEmpty();
    long end = System.nanoTime() + within.toNanos();
    try {
      for (long left = within.toNanos(); left > 0; left = end - System.nanoTime()) {
        Received r = received.poll(left, TimeUnit.NANOSECONDS);
        if (r != null && wanted.test(r)) {
          return r;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throw new AssertionError("nothing wanted arrived on the event stream within " + within);
  }

  /** Everything received over {@code period}, comments included. */
  List<Received> during(Duration period) throws InterruptedException {
    List<Received> all = new ArrayList<>();
    long end = System.nanoTime() + period.toNanos();
    for (long left = period.toNanos(); left > 0; left = end - System.nanoTime()) {
      Received r = received.poll(left, TimeUnit.NANOSECONDS);
      if (r != null) {
        all.add(r);
      }
    }
    return all;
  }

  private void read() {
    String id = "";
    String type = "";
    StringBuilder data = new StringBuilder();
    try (Stream<String> lines = response.body()) {
      for (String line : (Iterable<String>) lines::iterator) {
        if (line.isEmpty()) {
          if (!type.isEmpty() || data.length() > 0) {
            received.add(new Received(id, type, data.toString(), System.nanoTime()));
            problems.addAll(OpenApiContract.get().eventProblems(id, type, data.toString()));
          }
          type = "";
          data.setLength(0);
        } else if (line.startsWith(":")) {
          received.add(
              new Received("", Received.COMMENT, line.substring(1).strip(), System.nanoTime()));
        } else if (line.startsWith("id: ")) {
          id = line.substring(4);
        } else if (line.startsWith("event: ")) {
          type = line.substring(7);
        } else if (line.startsWith("data: ")) {
          data.append(line.substring(6));
        }
      }
    } catch (UncheckedIOException e) {
      // The stream was cut: reported as its end, like a clean one.
    }
    received.add(new Received(id, Received.END, "", System.nanoTime()));
  }

  @Override
  public void close() {
    try {
      response.body().close();
    } catch (RuntimeException e) {
      // Already closed.
    }
    reader.interrupt();
  }
}
