package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.catalog.SshSignature;
import dev.modelsphere.swiss.testing.CatalogServer;
import dev.modelsphere.swiss.testing.SignedCatalogs;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two attacks of issue 38 (finding 10) on a signed catalog's caches, through a real server that
 * fetches the catalog over http and keeps its disk cache across restarts: whoever controls the
 * catalog's host (or the path to it) serves an old signed index, or, after the catalog gains a
 * signer, one the signer never signed.
 */
class SignedCatalogCacheAttacksTest {
  @TempDir Path dir;
  private Path catalog;
  private SignedCatalogs.Key publisher;

  @BeforeEach
  void publishSerialOne() {
    catalog = SignedCatalogs.copyOfTheFixture(dir.resolve("catalog"));
    publisher = SignedCatalogs.newKey(dir, "publisher");
    SignedCatalogs.serial(catalog, 1);
    SignedCatalogs.sign(catalog, publisher, SshSignature.NAMESPACE);
  }

  @Test
  void anOldSignedIndexReplayedToARestartedServerIsRefusedAndTheNewerOneServed() throws Exception {
    byte[] oldIndex = Files.readAllBytes(catalog.resolve("index.json"));
    byte[] oldSignature = Files.readAllBytes(catalog.resolve("index.json.sig"));
    SignedCatalogs.serial(catalog, 2);
    SignedCatalogs.sign(catalog, publisher, SshSignature.NAMESPACE);
    try (CatalogServer host = new CatalogServer(catalog)) {
      String newer;
      try (TestServer first = start("first", host, publisher.publicLine())) {
        TestServer.Reply r = first.get("/api/catalog");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("\"serial\": 2");
        newer = ref(r.body());
      }
      Files.write(catalog.resolve("index.json"), oldIndex);
      Files.write(catalog.resolve("index.json.sig"), oldSignature);

      try (TestServer again = start("again", host, publisher.publicLine())) {
        TestServer.Reply served = again.get("/api/catalog");

        assertThat(served.status()).isEqualTo(200);
        assertThat(ref(served.body())).as("serial 2 from the disk cache").isEqualTo(newer);
        assertThat(served.body()).contains("\"serial\": 2");
      }
    }
  }

  @Test
  void afterARefusedSignatureTheServerServesNoCopyTakenUnsigned() throws Exception {
    try (CatalogServer host = new CatalogServer(catalog)) {
      try (TestServer unsigned = start("unsigned", host, "")) {
        assertThat(unsigned.get("/api/catalog").status()).isEqualTo(200);
      }
      SignedCatalogs.sign(catalog, SignedCatalogs.newKey(dir, "stranger"), SshSignature.NAMESPACE);

      try (TestServer signed = start("signed", host, publisher.publicLine())) {
        TestServer.Reply refused = signed.get("/api/catalog");

        assertThat(refused.status()).isEqualTo(502);
        assertThat(refused.body()).contains("signed by another key", "no earlier copy to serve");
      }
    }
  }

  /** A server whose profile lists the hosted catalog with {@code signer} (empty: unsigned). */
  private TestServer start(String name, CatalogServer host, String signer) {
    Path serverDir = dir.resolve(name);
    TestServer.write(
        serverDir.resolve("profile.yaml"),
        """
        name: test-site
        model:
          pathTemplate: /models/{{name}}
        catalogs:
          - name: published
            url: %s
            default: true
        %s"""
            .formatted(host.url(), signer.isEmpty() ? "" : "    signer: " + signer + "\n"));
    return TestServer.start(
        serverDir,
        "cluster:\n  profile:\n    file: ./profile.yaml\n",
        "  cacheDir: %s\n  auth:\n    disabled: true\n".formatted(dir.resolve("cache")),
        UnreachableApiServer.client(),
        "test-web");
  }

  private static String ref(String body) {
    int start = body.indexOf("\"ref\": \"") + "\"ref\": \"".length();
    return body.substring(start, body.indexOf('"', start));
  }
}
