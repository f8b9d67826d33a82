package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The login of reference §5 over real HTTP: the auth matrix over every guarded route. */
class LoginTest {
  /** The API routes anyone may call: a client must be able to find out it needs to log in. */
  private static final Set<String> OPEN = Set.of("/api/login", "/api/logout", "/api/session");

  @TempDir static Path dir;
  private static TestServer server;
  private static long runId;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            dir,
            """
              allowDeploy: true
              database: ${dir}/data/swiss.db
              auth:
                dir: ./auth
                tokenTTL: 24h
                cookieSecure: auto
            """,
            UnreachableApiServer.client());
    Instant t = Instant.parse("2026-11-30T09:00:00Z");
    runId =
        server
            .server()
            .store()
            .orElseThrow()
            .recordRun(
                new Run(
                    0, "models", "a", "install", "sha256:1", "admin", true, "", "out", "", 1, t, t))
            .id();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** A route made concrete: its method and a path with sample values for its parameters. */
  private record Guarded(String method, String path) {
    /** The event stream's body never ends: only its status is read. */
    private static final String STREAM = "/api/events";

    int status(String... headers) {
      if (path.equals(STREAM)) {
        return server.streamStatus(path, headers);
      }
      return method.equals("GET")
          ? server.get(path, headers).status()
          : server.send(method, path, HttpRequest.BodyPublishers.ofString("{}"), headers).status();
    }
  }

  /** Every route behind the guard, from the server's own route table, made concrete. */
  private static List<Guarded> guardedRoutes() {
    Map<String, String> samples =
        Map.of(
            "{id}",
            Long.toString(runId),
            "{namespace}",
            "models",
            "{release}",
            "glm-53",
            "{model}",
            "modelforge",
            "{revision}",
            "1");
    List<Guarded> routes = new ArrayList<>();
    for (String route : server.server().routeTable()) {
      String[] methodAndPath = route.split(" ", 2);
      String path = methodAndPath[1];
      if (!path.startsWith("/api/") || OPEN.contains(path)) {
        continue;
      }
      for (Map.Entry<String, String> sample : samples.entrySet()) {
        path = path.replace(sample.getKey(), sample.getValue());
      }
      routes.add(new Guarded(methodAndPath[0], path));
    }
    assertThat(routes)
        .contains(
            new Guarded("GET", "/api/runs"),
            new Guarded("GET", "/api/runs/" + runId),
            new Guarded("GET", "/api/releases/models/glm-53/plan"),
            new Guarded("POST", "/api/releases/models/glm-53/chat"),
            new Guarded("GET", "/api/catalog/modelforge/chart-versions"),
            new Guarded("PUT", "/api/profile"),
            new Guarded("GET", "/api/profile/template"));
    return routes;
  }

  @Test
  void withoutASessionEveryGuardedRouteAndAnUnknownApiPathAnswer401() {
    for (Guarded route : guardedRoutes()) {
      assertThat(route.status()).as(route.toString()).isEqualTo(401);
    }
    assertThat(server.get("/api/no-such-thing").status()).isEqualTo(401);
    assertThat(server.get("/healthz").status()).isEqualTo(200);
    assertThat(server.get("/api/session").body()).contains("\"authenticated\": false");
  }

  /**
   * The guard lets the request through; the route then answers by its own rules (a release the
   * unreachable API server cannot show is 404, an unconfigured SLO token 409), never 401.
   */
  @Test
  void theCookieFromLoginOpensEveryGuardedRoute() {
    String cookie = "swiss_session=" + loginCookie();

    for (Guarded route : guardedRoutes()) {
      assertThat(route.status("Cookie", cookie)).as(route.toString()).isNotEqualTo(401);
    }
    assertThat(server.get("/api/runs", "Cookie", cookie).status()).isEqualTo(200);
    assertThat(server.get("/api/no-such-thing", "Cookie", cookie).status()).isEqualTo(404);
  }

  @Test
  void theTokenAsBearerOpensEveryGuardedRouteWithoutACookie() {
    TestServer.Reply login = server.login(TestServer.USER, TestServer.PASSWORD);
    // A failed login would leave no token to parse; say so rather than fail on a route below.
    assertThat(login.status()).as("login answered %s", login.body()).isEqualTo(200);
    String bearer = "Bearer " + token(login.body());

    for (Guarded route : guardedRoutes()) {
      assertThat(route.status("Authorization", bearer)).as(route.toString()).isNotEqualTo(401);
    }
    assertThat(server.get("/api/runs", "Authorization", bearer).status()).isEqualTo(200);
  }

  @Test
  void aBearerHeaderOverridesTheCookie() {
    TestServer.Reply r =
        server.get(
            "/api/runs",
            "Cookie",
            "swiss_session=" + loginCookie(),
            "Authorization",
            "Bearer forged");

    assertThat(r.status()).isEqualTo(401);
  }

  @Test
  void loginAnswersASessionAndSessionThenSaysWho() {
    TestServer.Reply login = server.login(TestServer.USER, TestServer.PASSWORD);
    TestServer.Reply session =
        server.get("/api/session", "Cookie", "swiss_session=" + login.sessionCookie());

    assertThat(login.body())
        .contains("\"authenticated\": true", "\"user\": \"admin\"", "\"initialized\": true")
        .contains("\"expiresAt\": \"", "\"token\": \"");
    assertThat(session.body())
        .contains(
            "\"authenticated\": true",
            "\"user\": \"admin\"",
            "\"initialized\": true",
            "\"expiresAt\"");
  }

  @Test
  void anExpiredTokenIsRefused() {
    String cookie = "swiss_session=" + loginCookie();

    server.clock.advance(Duration.ofHours(25));

    assertThat(server.get("/api/runs", "Cookie", cookie).status()).isEqualTo(401);
  }

  @Test
  void aTokenWithATamperedSignatureOrClaimIsRefused() {
    String token = loginCookie();
    String[] parts = token.split("\\.");
    char last = parts[2].charAt(parts[2].length() - 2);
    String badSignature =
        parts[0]
            + "."
            + parts[1]
            + "."
            + parts[2].substring(0, parts[2].length() - 2)
            + (last == 'A' ? 'B' : 'A')
            + parts[2].charAt(parts[2].length() - 1);
    String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
    String otherUser =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(
                claims.replace("\"admin\"", "\"root\"").getBytes(StandardCharsets.UTF_8));
    String badClaims = parts[0] + "." + otherUser + "." + parts[2];

    assertThat(server.get("/api/runs", "Authorization", "Bearer " + badSignature).status())
        .isEqualTo(401);
    assertThat(server.get("/api/runs", "Authorization", "Bearer " + badClaims).status())
        .isEqualTo(401);
  }

  @Test
  void aTokenIssuedBeforeThePasswordChangedIsRefused() {
    String cookie = "swiss_session=" + loginCookie();
    try {
      TestServer.write(dir.resolve("auth/password"), "a brand new password\n");

      assertThat(server.get("/api/runs", "Cookie", cookie).status()).isEqualTo(401);
      assertThat(server.login(TestServer.USER, "a brand new password").status()).isEqualTo(200);
    } finally {
      TestServer.write(dir.resolve("auth/password"), TestServer.PASSWORD + "\n");
    }
  }

  @Test
  void theProxyKeyOpensTheApiAsTheUserItNames() {
    String bearer = "Bearer " + TestServer.PROXY_KEY;

    TestServer.Reply runs =
        server.get("/api/runs", "Authorization", bearer, "X-Remote-User", "alice");
    TestServer.Reply session =
        server.get("/api/session", "Authorization", bearer, "X-Remote-User", "alice");

    assertThat(runs.status()).isEqualTo(200);
    assertThat(session.body()).contains("\"user\": \"alice\"").doesNotContain("expiresAt");
  }

  @Test
  void xRemoteUserWithoutTheProxyKeyIsRefused() {
    assertThat(server.get("/api/runs", "X-Remote-User", "alice").status()).isEqualTo(401);
    assertThat(
            server
                .get("/api/runs", "Authorization", "Bearer wrong-key", "X-Remote-User", "alice")
                .status())
        .isEqualTo(401);
    assertThat(
            server.get("/api/runs", "Authorization", "Bearer ", "X-Remote-User", "alice").status())
        .isEqualTo(401);
  }

  @Test
  void aWrongPasswordIsRefusedAndLeavesTheApiClosed() {
    TestServer.Reply r = server.login(TestServer.USER, "not the password");

    assertThat(r.status()).isEqualTo(401);
    assertThat(r.setCookies()).isEmpty();
  }

  /**
   * With no trusted proxy configured {@code X-Forwarded-For} names nobody: every one of these comes
   * from the test's own address, whatever the header says.
   */
  @Test
  void theEleventhFailedLoginInAMinuteIs429WithRetryAfterEvenWithTheRightPassword() {
    String body = "{\"username\": \"admin\", \"password\": \"guess\"}";
    String good = "{\"username\": \"admin\", \"password\": \"%s\"}".formatted(TestServer.PASSWORD);
    for (int i = 0; i < 10; i++) {
      assertThat(server.post("/api/login", body, "X-Forwarded-For", "198.51.100." + i).status())
          .isEqualTo(401);
    }

    TestServer.Reply refused = server.post("/api/login", body);
    assertThat(refused.status()).isEqualTo(429);
    assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 60L);
    assertThat(server.post("/api/login", good, "X-Forwarded-For", "198.51.100.99").status())
        .isEqualTo(429);
    server.clock.advance(Duration.ofSeconds(61));
    assertThat(server.post("/api/login", good).status()).isEqualTo(200);
  }

  @Test
  void logoutRevokesTheTokenItWasCalledWithAndNoOther() {
    String loggedOut = loginCookie();
    String other = loginCookie();

    assertThat(server.post("/api/logout", "", "Cookie", "swiss_session=" + loggedOut).status())
        .isEqualTo(200);

    assertThat(server.get("/api/runs", "Cookie", "swiss_session=" + loggedOut).status())
        .isEqualTo(401);
    assertThat(server.get("/api/runs", "Authorization", "Bearer " + loggedOut).status())
        .isEqualTo(401);
    assertThat(server.get("/api/runs", "Cookie", "swiss_session=" + other).status()).isEqualTo(200);
    assertThat(server.post("/api/logout", "", "Authorization", "Bearer forged").status())
        .isEqualTo(200);
  }

  @Test
  void aLogoutAlsoEndsTheTokensItsSessionWasGivenBeforeARefresh() {
    String before = loginCookie();
    server.clock.advance(Duration.ofHours(13));
    String refreshed = server.get("/api/runs", "Cookie", "swiss_session=" + before).sessionCookie();

    server.post("/api/logout", "", "Cookie", "swiss_session=" + refreshed);

    assertThat(server.get("/api/runs", "Cookie", "swiss_session=" + before).status())
        .isEqualTo(401);
  }

  @Test
  void theSessionCookieIsHttpOnlyStrictAndSecureWhenTheRequestCameOverTls() {
    String plain = server.login(TestServer.USER, TestServer.PASSWORD).setCookies().get(0);
    String behindTls =
        server
            .post(
                "/api/login",
                "{\"username\": \"admin\", \"password\": \"%s\"}".formatted(TestServer.PASSWORD),
                "X-Forwarded-Proto",
                "https")
            .setCookies()
            .get(0);

    assertThat(plain)
        .startsWith("swiss_session=")
        .contains("; Path=/", "; HttpOnly", "; SameSite=Strict", "; Expires=");
    assertThat(plain).doesNotContain("Secure");
    assertThat(behindTls).contains("; Secure");
  }

  @Test
  void logoutClearsTheCookie() {
    TestServer.Reply r = server.post("/api/logout", "");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.setCookies().get(0))
        .startsWith("swiss_session=;")
        .contains("Max-Age=0", "HttpOnly", "SameSite=Strict");
  }

  @Test
  void aSessionPastHalfItsLifetimeGetsAFreshCookie() {
    String token = loginCookie();
    String cookie = "swiss_session=" + token;

    server.clock.advance(Duration.ofHours(1));
    TestServer.Reply early = server.get("/api/runs", "Cookie", cookie);
    server.clock.advance(Duration.ofHours(12));
    TestServer.Reply late = server.get("/api/runs", "Cookie", cookie);

    assertThat(early.setCookies()).isEmpty();
    assertThat(late.sessionCookie()).isNotEqualTo(token);
    assertThat(server.get("/api/runs", "Cookie", "swiss_session=" + late.sessionCookie()).status())
        .isEqualTo(200);
  }

  private static String loginCookie() {
    TestServer.Reply r = server.login(TestServer.USER, TestServer.PASSWORD);
    assertThat(r.status()).isEqualTo(200);
    return r.sessionCookie();
  }

  private static String token(String loginBody) {
    int start = loginBody.indexOf("\"token\": \"") + "\"token\": \"".length();
    return loginBody.substring(start, loginBody.indexOf('"', start));
  }
}
