package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.CatalogServer;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A catalog that cannot be fetched, on a freshly started server. */
class CatalogDiskCacheTest {
  @TempDir Path dir;

  @Test
  void anUnreachableCatalogIsServedFromTheDiskCacheOfAnEarlierProcessElse502() {
    try (CatalogServer catalog = new CatalogServer()) {
      String site =
          "catalog: %s\ncluster:\n  profile:\n    file: ./profile.yaml\n".formatted(catalog.url());
      String fetched;
      try (TestServer first = start(dir.resolve("first"), site, dir.resolve("cache"))) {
        TestServer.Reply r = first.get("/api/catalog");
        assertThat(r.status()).isEqualTo(200);
        fetched = ref(r.body());
      }
      catalog.fail(true);

      try (TestServer again = start(dir.resolve("again"), site, dir.resolve("cache"));
          TestServer bare = start(dir.resolve("bare"), site, dir.resolve("empty-cache"))) {
        TestServer.Reply served = again.get("/api/catalog");
        TestServer.Reply refused = bare.get("/api/catalog");

        assertThat(served.status()).isEqualTo(200);
        assertThat(ref(served.body())).isEqualTo(fetched);
        assertThat(refused.status()).isEqualTo(502);
        assertThat(refused.body()).contains("no earlier copy to serve");
      }
    }
  }

  private static TestServer start(Path dir, String site, Path cache) {
    TestServer.write(
        dir.resolve("profile.yaml"), "name: test-site\nmodel:\n  pathTemplate: /models/{{name}}\n");
    return TestServer.start(
        dir,
        site,
        "  cacheDir: %s\n  auth:\n    disabled: true\n".formatted(cache),
        UnreachableApiServer.client(),
        "test-web");
  }

  private static String ref(String body) {
    int start = body.indexOf("\"ref\": \"") + "\"ref\": \"".length();
    return body.substring(start, body.indexOf('"', start));
  }
}
