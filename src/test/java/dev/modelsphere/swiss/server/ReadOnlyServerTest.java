package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.nio.file.Files;
import java.nio.file.Path;
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
  void untilAWebUiIsBuiltTheHomePageSaysTheApiIsUpAndLinksItsDescription() {
    TestServer.Reply home = server.get("/");

    assertThat(home.status()).isEqualTo(200);
    assertThat(home.contentType()).startsWith("text/html");
    assertThat(home.body()).contains("API is up", "href=\"/openapi.yaml\"");
  }
}
