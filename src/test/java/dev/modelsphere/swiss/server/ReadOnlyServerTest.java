package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A read-only server (no {@code allowDeploy}) with the jar's own web page and no profile. */
class ReadOnlyServerTest {
  @TempDir static Path dir;
  private static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server =
        TestServer.start(
            dir, "  auth:\n    disabled: true\n", UnreachableApiServer.client(), "web");
    Files.delete(dir.resolve("profile.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void withoutDeploysThereIsNoDatabaseAndTheRunLogSaysSo() {
    TestServer.Reply list = server.get("/api/runs");
    TestServer.Reply one = server.get("/api/runs/1");

    assertThat(list.status()).isEqualTo(200);
    assertThat(list.body()).contains("\"runs\": []", "\"hasStore\": false");
    assertThat(one.status()).isEqualTo(503);
    assertThat(server.server().store()).isEmpty();
    assertThat(dir.resolve("swiss.db")).doesNotExist();
  }

  @Test
  void aSiteWithNoReadableProfileIsNotInitialized() {
    assertThat(server.get("/api/session").body()).contains("\"initialized\": false");
  }

  @Test
  void theHomePageIsTheBuiltWebUiAndItsHashedBundleIsServedAsImmutable() {
    TestServer.Reply home = server.get("/");
    // Relative to the page's <base href>, which at the root is "/".
    Matcher script = Pattern.compile("src=\"\\./(assets/[^\"]+\\.js)\"").matcher(home.body());

    assertThat(home.status()).isEqualTo(200);
    assertThat(home.contentType()).startsWith("text/html");
    assertThat(home.body()).contains("<div id=\"root\">");
    assertThat(home.body()).contains("<base href=\"/\">");
    assertThat(script.find()).as("the page loads a bundle from assets/").isTrue();
    TestServer.Reply bundle = server.get("/" + script.group(1));
    assertThat(bundle.status()).isEqualTo(200);
    assertThat(bundle.contentType()).contains("javascript");
    assertThat(bundle.header("Cache-Control")).contains("immutable");
  }

  @Test
  void aClientRouteWithADotInItGetsTheWebUiNotA404() {
    TestServer.Reply model = server.get("/catalog/glm-5.3");

    assertThat(model.status()).isEqualTo(200);
    assertThat(model.body()).contains("<div id=\"root\">");
  }
}
