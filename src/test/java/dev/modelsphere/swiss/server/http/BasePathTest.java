package dev.modelsphere.swiss.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * swiss mounted under {@code /api/deploy} by a proxy that passes the prefix on, and reached through
 * a proxy that strips its own prefix and says so in {@code X-Forwarded-Prefix}. The proxy itself
 * (nginx, testing.Nginx) is in WebUiInABrowserTest; here the server alone is asked as each proxy
 * asks. (The Console portal's backend does neither: it replaces {@code /api/deploy} with {@code
 * /api}, which ConsoleNewNamespaceOnAClusterTest sends through nginx.)
 */
class BasePathTest {
  @TempDir static Path dir;
  private static TestServer server;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            dir,
            """
              addr: ":0"
              basePath: /api/deploy/
              auth:
                dir: ${dir}/auth
            """,
            UnreachableApiServer.client());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void anApiPathUnderThePrefixIsAnsweredAsThePathWithout() {
    TestServer.Reply under = server.get("/api/deploy/api/session");
    TestServer.Reply root = server.get("/api/session");
    String cookie = "swiss_session=" + login("/api/deploy/api/login").sessionCookie();

    assertThat(under.ok()).isEqualTo(root.ok());
    assertThat(server.get("/api/deploy/api/runs", "Cookie", cookie).ok())
        .isEqualTo(server.get("/api/runs", "Cookie", cookie).ok());
    assertThat(server.get("/api/deploy/api/no-such-thing", "Cookie", cookie).status())
        .isEqualTo(404);
    assertThat(server.get("/api/deploy/healthz").status()).isEqualTo(200);
  }

  @Test
  void theSessionCookieIsScopedToThePrefixTheBrowserSees() {
    assertThat(login("/api/deploy/api/login").setCookies())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("; Path=/api/deploy/;");
    assertThat(login("/api/login", BasePath.FORWARDED_PREFIX, "/console/swiss").setCookies())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("; Path=/console/swiss/;");
    assertThat(login("/api/login").setCookies())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("; Path=/;");
    // Signing out clears the cookie at the path it was set at, or the browser would keep it.
    assertThat(server.post("/api/deploy/api/logout", "{}").setCookies())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("; Path=/api/deploy/;");
  }

  private static TestServer.Reply login(String path, String... headers) {
    String body =
        "{\"username\": \"%s\", \"password\": \"%s\"}"
            .formatted(TestServer.USER, TestServer.PASSWORD);
    TestServer.Reply reply = server.post(path, body, headers);
    assertThat(reply.status()).as("login at %s: %s", path, reply.body()).isEqualTo(200);
    return reply;
  }

  @Test
  void aPathThatOnlyBeginsWithThePrefixsLettersKeepsThem() {
    // /api/deployments is a route of its own, not /ments under /api/deploy.
    TestServer.Reply r = server.get("/api/deployments");

    // Still an /api path (401 without a session), not the page of a client route "/ments".
    assertThat(r.status()).isEqualTo(401);
    assertThat(server.get("/api/deploy").body()).contains("<base href=\"/api/deploy/\">");
  }

  @Test
  void thePageIsToldThePrefixItWasReachedUnder() {
    assertThat(server.get("/api/deploy/catalog").body()).contains("<base href=\"/api/deploy/\">");
    assertThat(server.get("/catalog").body()).contains("<base href=\"/\">");
    assertThat(server.get("/catalog", BasePath.FORWARDED_PREFIX, "/console/swiss/").body())
        .contains("<base href=\"/console/swiss/\">");
    assertThat(server.get("/api/deploy/", BasePath.FORWARDED_PREFIX, "/console").body())
        .contains("<base href=\"/console/api/deploy/\">");
  }

  @Test
  void thePageSaysItDependsOnTheProxysHeaderSoNoCacheMixesThemUp() {
    TestServer.Reply page = server.get("/");

    assertThat(page.headers().firstValue("Vary")).contains(BasePath.FORWARDED_PREFIX);
    assertThat(page.headers().firstValue("Cache-Control")).contains("no-cache");
  }

  @Test
  void assetsLoadUnderThePrefix() {
    TestServer.Reply asset = server.get("/api/deploy/assets/app-1a2b.js");

    assertThat(asset.status()).isEqualTo(200);
    assertThat(asset.body()).contains("swiss test bundle");
  }

  @Test
  void aForwardedPrefixThatIsNotAPathIsRefusedRatherThanWrittenIntoThePage() {
    for (String bad : new String[] {"/x\"><script>alert(1)</script>", "relative", "/a/../b"}) {
      TestServer.Reply r = server.get("/", BasePath.FORWARDED_PREFIX, bad);

      assertThat(r.status()).as(bad).isEqualTo(400);
      assertThat(r.contentType()).as(bad).startsWith("application/json");
      assertThat(r.body()).as(bad).contains("X-Forwarded-Prefix").doesNotContain("<base");
    }
  }
}
