package dev.modelsphere.swiss.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.HandWrittenRequest;
import dev.modelsphere.swiss.testing.HandWrittenRequest.Answer;
import io.javalin.Javalin;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The refusals of requests from elsewhere, over real HTTP with requests written as a browser (or a
 * page that abuses one) would send them: one server that runs with no login and names no hosts
 * (loopback names only), one that names its hosts behind one trusted proxy.
 */
class CrossSiteChecksTest {
  private static final AtomicInteger WRITES = new AtomicInteger();
  private static final String PLAN = "{\"model\": \"smollm3-3b\"}";

  private static Javalin loopbackOnly;
  private static Javalin named;

  @BeforeAll
  static void start() {
    RouteGroup routes =
        r ->
            r.post(
                    "/api/plans",
                    Deadline.QUICK_READ,
                    ctx -> Json.ok(ctx, Map.of("written", WRITES.incrementAndGet())))
                .delete(
                    "/api/releases/{namespace}/{release}",
                    Deadline.QUICK_READ,
                    ctx -> Json.ok(ctx, Map.of("written", WRITES.incrementAndGet())))
                .get("/readyz", Deadline.READINESS, ctx -> Json.ok(ctx, Map.of("ready", true)))
                .get("/api/things", Deadline.QUICK_READ, ctx -> Json.ok(ctx, Map.of("things", 0)));
    loopbackOnly =
        HttpApp.create(
                ctx -> {},
                new SimpleMeterRegistry(),
                List.of(routes),
                Map.of(),
                "",
                new ServedHosts(List.of(), true, 0))
            .start("127.0.0.1", 0);
    named =
        HttpApp.create(
                ctx -> {},
                new SimpleMeterRegistry(),
                List.of(routes),
                Map.of(),
                "",
                new ServedHosts(
                    List.of(
                        Authority.parse("swiss.example.com").orElseThrow(),
                        Authority.parse("portal.example.com:8443").orElseThrow()),
                    false,
                    1))
            .start("127.0.0.1", 0);
  }

  @AfterAll
  static void stop() {
    List.of(loopbackOnly, named).forEach(Javalin::stop);
  }

  @BeforeEach
  void count() {
    WRITES.set(0);
  }

  private static String own() {
    return "127.0.0.1:" + loopbackOnly.port();
  }

  private static Answer post(Javalin app, String body, String... headers) {
    return HandWrittenRequest.send(app.port(), "POST", "/api/plans", body, headers);
  }

  /** A plan sent as JSON to {@code host}, with {@code more} headers after. */
  private static Answer postJson(Javalin app, String host, String... more) {
    String[] headers = new String[4 + more.length];
    System.arraycopy(
        new String[] {"Host", host, "Content-Type", "application/json"}, 0, headers, 0, 4);
    System.arraycopy(more, 0, headers, 4, more.length);
    return post(app, PLAN, headers);
  }

  @Test
  void aTextPlainBodyIsRefusedWith415NamingWhatWasSentAndWhatIsNeeded() {
    Answer r = post(loopbackOnly, PLAN, "Host", own(), "Content-Type", "text/plain");

    assertThat(r.status()).isEqualTo(415);
    assertThat(r.body()).contains("text/plain", "application/json");
    assertThat(WRITES).hasValue(0);
  }

  @Test
  void aBodyWithoutAContentTypeIsRefusedWith415() {
    assertThat(post(loopbackOnly, PLAN, "Host", own()).status()).isEqualTo(415);
  }

  @Test
  void aJsonBodyWithACharsetIsTaken() {
    Answer r =
        post(loopbackOnly, PLAN, "Host", own(), "Content-Type", "Application/JSON; charset=utf-8");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
  }

  @Test
  void aDeleteWithoutABodyNeedsNoContentType() {
    Answer r =
        HandWrittenRequest.send(
            loopbackOnly.port(), "DELETE", "/api/releases/models/qwen", null, "Host", own());

    assertThat(r.status()).as(r.body()).isEqualTo(200);
  }

  @Test
  void aWriteFromAnotherOriginIsRefusedWith403() {
    Answer r = postJson(loopbackOnly, own(), "Origin", "https://evil.example");

    assertThat(r.status()).isEqualTo(403);
    assertThat(r.body()).contains("Origin: https://evil.example");
    assertThat(WRITES).hasValue(0);
  }

  @Test
  void aWriteFromAnotherPortOfTheSameHostIsAnotherOrigin() {
    Answer r = postJson(loopbackOnly, own(), "Origin", "http://127.0.0.1:1");

    assertThat(r.status()).isEqualTo(403);
  }

  @Test
  void aDeleteFromAnotherSiteIsRefusedEvenWithoutAnOrigin() {
    Answer r =
        HandWrittenRequest.send(
            loopbackOnly.port(),
            "DELETE",
            "/api/releases/models/qwen",
            null,
            "Host",
            own(),
            "Sec-Fetch-Site",
            "cross-site");

    assertThat(r.status()).isEqualTo(403);
    assertThat(r.body()).contains("cross-site");
    assertThat(WRITES).hasValue(0);
  }

  @Test
  void aSiblingSiteIsRefusedUnlessItsOriginIsAllowed() {
    Answer sibling =
        postJson(
            named,
            "swiss.example.com",
            "Sec-Fetch-Site",
            "same-site",
            "Origin",
            "https://wiki.example.com");
    Answer portal =
        postJson(
            named,
            "swiss.example.com",
            "Sec-Fetch-Site",
            "same-site",
            "Origin",
            "https://portal.example.com:8443");

    assertThat(sibling.status()).isEqualTo(403);
    assertThat(portal.status()).as(portal.body()).isEqualTo(200);
  }

  @Test
  void theServersOwnPageWritesAsABrowserSendsIt() {
    Answer r =
        postJson(loopbackOnly, own(), "Origin", "http://" + own(), "Sec-Fetch-Site", "same-origin");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    assertThat(WRITES).hasValue(1);
  }

  @Test
  void behindATrustedProxyTheNameTheBrowserUsedIsTheOneChecked() {
    Answer r =
        post(
            named,
            PLAN,
            "Host",
            "swiss.internal:8080",
            "X-Forwarded-Host",
            "swiss.example.com",
            "X-Forwarded-Proto",
            "https",
            "Content-Type",
            "application/json",
            "Origin",
            "https://swiss.example.com");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
  }

  @Test
  void aClientThatIsNoBrowserSendsNoOriginAndPasses() {
    assertThat(postJson(loopbackOnly, own()).status()).isEqualTo(200);
  }

  @Test
  void withTheLoginOffARequestByAnotherNameIsRefusedWith421() {
    // A page on evil.example whose name now resolves to 127.0.0.1 (DNS rebinding): the browser
    // thinks it talks to evil.example, so Origin and Host agree and only the name gives it away.
    String evil = "evil.example:" + loopbackOnly.port();
    Answer write = postJson(loopbackOnly, evil, "Origin", "http://" + evil);
    Answer read =
        HandWrittenRequest.send(loopbackOnly.port(), "GET", "/api/things", null, "Host", evil);

    assertThat(write.status()).isEqualTo(421);
    assertThat(write.body()).contains("evil.example", "localhost");
    assertThat(read.status()).isEqualTo(421);
    assertThat(WRITES).hasValue(0);
  }

  @Test
  void withTheLoginOffEveryLoopbackNameIsAnswered() {
    for (String name : List.of("localhost", "LOCALHOST:8080", "127.0.0.1", "[::1]:" + 9)) {
      Answer r =
          HandWrittenRequest.send(loopbackOnly.port(), "GET", "/api/things", null, "Host", name);
      assertThat(r.status()).as("Host %s: %s", name, r.body()).isEqualTo(200);
    }
  }

  @Test
  void namedHostsAndLoopbackNamesAreTheOnlyNamesAnswered() {
    Answer configured = get(named, "/api/things", "Host", "Swiss.Example.Com.:443");
    Answer wrongPort = get(named, "/api/things", "Host", "portal.example.com:9000");
    Answer loopback = get(named, "/api/things", "Host", "localhost");
    Answer forwarded =
        get(named, "/api/things", "Host", "swiss.example.com", "X-Forwarded-Host", "evil.example");

    assertThat(configured.status()).isEqualTo(200);
    assertThat(wrongPort.status()).isEqualTo(421);
    assertThat(loopback.status()).as("a port-forward names localhost").isEqualTo(200);
    assertThat(forwarded.status()).as("a trusted proxy names the host").isEqualTo(421);
  }

  @Test
  void theProbesAnswerToAnyName() {
    Answer r = get(named, "/readyz", "Host", "10.1.2.3:8080");

    assertThat(r.status()).isEqualTo(200);
  }

  @Test
  void everyAnswerTellsTheBrowserHowFarToTrustIt() {
    for (Answer r :
        List.of(
            get(loopbackOnly, "/api/things", "Host", own()),
            get(loopbackOnly, "/api/nothing", "Host", own()),
            get(loopbackOnly, "/api/things", "Host", "evil.example"))) {
      assertThat(r.header("Content-Security-Policy"))
          .contains("default-src 'self'", "script-src 'self'", "object-src 'none'")
          .contains("frame-ancestors 'none'", "base-uri 'self'");
      assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(r.header("X-Frame-Options")).isEqualTo("DENY");
      assertThat(r.header("Referrer-Policy")).isEqualTo("no-referrer");
    }
  }

  private static Answer get(Javalin app, String path, String... headers) {
    return HandWrittenRequest.send(app.port(), "GET", path, null, headers);
  }
}
