package dev.modelsphere.swiss.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.javalin.Javalin;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The middleware every route gets, over real HTTP with routes made for the purpose. */
class HttpAppTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final CountDownLatch SLOW_WORK_MAY_END = new CountDownLatch(1);

  /** Steps of the render-like work past its deadline; it must stop taking them. */
  private static final AtomicInteger RENDER_STEPS = new AtomicInteger();

  private static final CountDownLatch RENDER_STOPPED = new CountDownLatch(1);
  private static Javalin app;

  @BeforeAll
  static void start() {
    RouteGroup testRoutes =
        routes ->
            routes
                .get(
                    "/api/slow",
                    new Deadline(Duration.ofMillis(300)),
                    ctx -> {
                      // Work that outlasts its deadline: it ends when the class is done.
                      SLOW_WORK_MAY_END.await(30, TimeUnit.SECONDS);
                      Json.ok(ctx, Map.of("late", true));
                    })
                .get(
                    "/api/boom",
                    Deadline.QUICK_READ,
                    ctx -> {
                      throw new IllegalStateException("secret internals at /etc/shadow");
                    })
                .get(
                    "/api/gone",
                    Deadline.QUICK_READ,
                    ctx -> {
                      throw new ApiException(404, "no widget 7");
                    })
                .get(
                    "/api/render",
                    new Deadline(Duration.ofMillis(300)),
                    ctx -> {
                      // A render that would run for a minute, one step after another.
                      try {
                        for (int step = 0; step < 600; step++) {
                          RENDER_STEPS.incrementAndGet();
                          Thread.sleep(100);
                        }
                      } catch (InterruptedException stopped) {
                        RENDER_STOPPED.countDown();
                        throw stopped;
                      }
                      Json.ok(ctx, Map.of("rendered", true));
                    })
                .post(
                    "/api/echo",
                    Deadline.QUICK_READ,
                    ctx -> Json.ok(ctx, Map.of("bytes", ctx.bodyAsBytes().length)));
    app = HttpApp.create(ctx -> {}, new SimpleMeterRegistry(), List.of(testRoutes));
    app.start("127.0.0.1", 0);
  }

  @AfterAll
  static void stop() {
    SLOW_WORK_MAY_END.countDown();
    if (app != null) {
      app.stop();
    }
  }

  @Test
  void aRoutePastItsDeadlineAnswers503InTimeSayingSo() throws Exception {
    long start = System.nanoTime();
    HttpResponse<String> r = get("/api/slow");

    assertThat(r.statusCode()).isEqualTo(503);
    assertThat(r.body()).contains("\"error\": ").contains("300ms");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
  }

  @Test
  void aRoutePastItsDeadlineStopsItsWork() throws Exception {
    HttpResponse<String> r = get("/api/render");

    assertThat(r.statusCode()).isEqualTo(503);
    assertThat(r.body()).contains("was stopped");
    assertThat(RENDER_STOPPED.await(5, TimeUnit.SECONDS))
        .as("the work was interrupted at its deadline")
        .isTrue();
    int steps = RENDER_STEPS.get();
    Thread.sleep(500);
    assertThat(RENDER_STEPS.get()).as("no step taken after the deadline").isEqualTo(steps);
  }

  @Test
  void aFullPoolAnswers503WithRetryAfterRatherThanQueueingWithoutEnd() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    RouteGroup narrow =
        new RouteGroup() {
          @Override
          public void register(Routes routes) {
            routes.get(
                "/api/busy",
                Deadline.QUICK_READ,
                ctx -> {
                  running.countDown();
                  release.await(20, TimeUnit.SECONDS);
                  Json.ok(ctx, Map.of("done", true));
                });
          }

          @Override
          public WorkerPool.Size workers() {
            return new WorkerPool.Size(1, 1);
          }
        };
    Javalin own = HttpApp.create(ctx -> {}, new SimpleMeterRegistry(), List.of(narrow));
    own.start("127.0.0.1", 0);
    try {
      HttpRequest busy =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + own.port() + "/api/busy"))
              .build();
      CompletableFuture<HttpResponse<String>> first =
          HTTP.sendAsync(busy, HttpResponse.BodyHandlers.ofString());
      assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
      // One of these takes the one place in line, the other finds the line full: which is which
      // depends on which the server reads first.
      List<CompletableFuture<HttpResponse<String>>> more =
          List.of(
              HTTP.sendAsync(busy, HttpResponse.BodyHandlers.ofString()),
              HTTP.sendAsync(busy, HttpResponse.BodyHandlers.ofString()));
      CompletableFuture.anyOf(more.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
      HttpResponse<String> refused =
          more.stream().filter(CompletableFuture::isDone).findFirst().orElseThrow().get();

      assertThat(refused.statusCode()).isEqualTo(503);
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("5");
      assertThat(refused.body()).contains("busy", "try again");
      assertThat(more.stream().filter(CompletableFuture::isDone)).as("one waits").hasSize(1);
      release.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      for (CompletableFuture<HttpResponse<String>> answer : more) {
        assertThat(answer.get(10, TimeUnit.SECONDS).statusCode()).isIn(200, 503);
      }
    } finally {
      release.countDown();
      own.stop();
    }
  }

  @Test
  void aFailingRouteAnswers500WithoutItsInternals() throws Exception {
    HttpResponse<String> r = get("/api/boom");

    assertThat(r.statusCode()).isEqualTo(500);
    assertThat(r.body()).isEqualTo("{\n  \"error\": \"internal error\"\n}\n");
    assertThat(r.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/json")
        .endsWith("charset=utf-8");
  }

  @Test
  void aRoutesOwnRefusalKeepsItsStatusAndMessage() throws Exception {
    HttpResponse<String> r = get("/api/gone");

    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(r.body()).contains("no widget 7");
  }

  @Test
  void aPathNoRouteServesAnswersAJson404() throws Exception {
    HttpResponse<String> r =
        HTTP.send(
            request("/api/nothing-here").POST(HttpRequest.BodyPublishers.noBody()).build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(r.body()).contains("\"error\": \"no such endpoint\"");
  }

  @Test
  void aBodyOverOneMebibyteIsRefusedWith413() throws Exception {
    byte[] twoMebibytes = new byte[2 << 20];

    HttpResponse<String> r = post("/api/echo", twoMebibytes);

    assertThat(r.statusCode()).isEqualTo(413);
    assertThat(r.body()).contains("\"error\": ").contains("1 MiB");
  }

  @Test
  void aBodyUnderTheCapIsRead() throws Exception {
    HttpResponse<String> r = post("/api/echo", new byte[1000]);

    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("\"bytes\": 1000");
  }

  @Test
  void stoppingLetsARequestInFlightFinishAndThenRefusesNewOnes() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Javalin own =
        HttpApp.create(
            ctx -> {},
            new SimpleMeterRegistry(),
            List.of(
                routes ->
                    routes.get(
                        "/api/pause",
                        Deadline.QUICK_READ,
                        ctx -> {
                          arrived.countDown();
                          if (!release.await(20, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("the test never let the request go");
                          }
                          Json.ok(ctx, Map.of("finished", true));
                        })));
    own.start("127.0.0.1", 0);
    int port = own.port();
    CompletableFuture<HttpResponse<String>> inFlight =
        HTTP.sendAsync(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/pause")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(arrived.await(20, TimeUnit.SECONDS)).as("the request reached its route").isTrue();

    CompletableFuture<Void> stopped = CompletableFuture.runAsync(own::stop);
    await()
        .atMost(Duration.ofSeconds(20))
        .alias("the stopping server takes no new connections")
        .until(() -> refusesConnections(port));
    assertThat(inFlight).as("the request in flight is not cut off by the stop").isNotDone();
    assertThat(stopped).as("the stop waits for the request in flight").isNotDone();
    release.countDown();
    stopped.get(20, TimeUnit.SECONDS);

    assertThat(inFlight.get().statusCode()).isEqualTo(200);
    assertThat(inFlight.get().body()).contains("finished");
    assertThatThrownBy(
            () ->
                HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/pause"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString()))
        .isInstanceOf(IOException.class);
  }

  private static boolean refusesConnections(int port) {
    try (Socket probe = new Socket()) {
      probe.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return false;
    } catch (IOException refused) {
      return true;
    }
  }

  private static HttpResponse<String> get(String path) throws Exception {
    return HTTP.send(request(path).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(String path, byte[] body) throws Exception {
    return HTTP.send(
        request(path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path))
        .timeout(Duration.ofSeconds(30));
  }
}
