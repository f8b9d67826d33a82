package dev.modelsphere.swiss.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.HttpApp;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import io.javalin.Javalin;
import io.javalin.http.Handler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The actor a guarded route records in the audit log: always someone, never a blank. */
class ActorTest {
  /**
   * HTTP/1.1 without the h2c upgrade offer the client makes by default: the test's stop drains
   * requests, and an upgrade Jetty declines must not be left for it to wait on.
   */
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private static final RouteGroup WHO_AM_I =
      routes ->
          routes.get(
              "/api/whoami",
              Deadline.QUICK_READ,
              ctx -> Json.ok(ctx, Map.of("actor", Actor.of(ctx))));

  @TempDir Path dir;

  @Test
  void theActorIsTheLoggedInUserOrTheUserTheProxyNames() throws Exception {
    Files.writeString(dir.resolve("username"), "admin\n");
    Files.writeString(dir.resolve("password"), "s3cret-pass\n");
    Files.writeString(dir.resolve("proxyKey"), "the-proxy-key-of-at-least-some-length");
    CredentialFiles files = new CredentialFiles(dir);
    SessionTokens tokens = new SessionTokens(Duration.ofHours(24), Clock.systemUTC());
    Handler guard =
        new AuthGuard(
            new Authenticator(files, tokens, TokenRevocations.inMemory(tokens, Clock.systemUTC())),
            files,
            tokens,
            new SessionCookie("never"),
            new AdminRole(List.of()));
    String token = tokens.issue(files.current()).token();

    Javalin app = start(guard);
    try {
      assertThat(whoami(app, "Authorization", "Bearer " + token)).contains("\"actor\": \"admin\"");
      assertThat(whoami(app, "Cookie", "swiss_session=" + token)).contains("\"actor\": \"admin\"");
      assertThat(
              whoami(
                  app,
                  "Authorization",
                  "Bearer the-proxy-key-of-at-least-some-length",
                  "X-Remote-User",
                  "alice"))
          .contains("\"actor\": \"alice\"");
      assertThat(whoami(app, "Authorization", "Bearer the-proxy-key-of-at-least-some-length"))
          .contains("\"actor\": \"proxy\"");
    } finally {
      HttpApp.stop(app);
    }
  }

  @Test
  void withNoLoginTheActorIsAnonymous() throws Exception {
    Javalin app = start(Actor::anonymous);
    try {
      assertThat(whoami(app)).contains("\"actor\": \"anonymous\"");
    } finally {
      HttpApp.stop(app);
    }
  }

  private static Javalin start(Handler guard) {
    return HttpApp.create(guard, new SimpleMeterRegistry(), List.of(WHO_AM_I))
        .start("127.0.0.1", 0);
  }

  private static String whoami(Javalin app, String... headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/api/whoami"));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    HttpResponse<String> r = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    return r.body();
  }
}
