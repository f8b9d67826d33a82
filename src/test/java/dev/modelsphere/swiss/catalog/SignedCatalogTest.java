package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.sitestate.CatalogCache;
import dev.modelsphere.swiss.testing.MovableClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog configured with a trusted signer (issue 20): its index must carry a detached SSH
 * signature by that key. The keys and signatures are made by OpenSSH's own {@code ssh-keygen}, the
 * tool a catalog's publisher signs with, over a copy of the shared fixture catalog.
 */
class SignedCatalogTest {
  @TempDir Path dir;
  private Path catalog;
  private String trusted;
  private Path trustedKey;

  @BeforeEach
  void copyTheFixtureCatalogAndMakeTheSignersKey() throws Exception {
    catalog = dir.resolve("catalog");
    Path fixture = TestCharts.fixtures().resolve("model-catalog");
    try (Stream<Path> files = Files.walk(fixture)) {
      for (Path file : files.toList()) {
        Path target = catalog.resolve(fixture.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    trustedKey = key("publisher");
    trusted = Files.readString(trustedKey.resolveSibling("publisher.pub"));
  }

  /** A new Ed25519 key pair; answers the private key's path. */
  private Path key(String name) throws Exception {
    Path key = dir.resolve(name);
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", key.toString());
    return key;
  }

  /** Signs the index as a publisher does: {@code index.json.sig} beside it. */
  private void sign(Path key, String namespace) throws Exception {
    Files.deleteIfExists(catalog.resolve("index.json.sig"));
    run(
        "ssh-keygen",
        "-Y",
        "sign",
        "-f",
        key.toString(),
        "-n",
        namespace,
        catalog.resolve("index.json").toString());
  }

  private static void run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor()).as("%s: %s", String.join(" ", command), output).isZero();
  }

  private Catalog open() {
    return Catalog.open(catalog.toString(), trusted);
  }

  @Test
  void anIndexSignedByTheTrustedSignerOpens() throws Exception {
    sign(trustedKey, SshSignature.NAMESPACE);

    Catalog opened = open();

    assertThat(opened.index().models()).isNotEmpty();
    assertThat(opened.ref())
        .isEqualTo(Digests.sha256(Files.readAllBytes(catalog.resolve("index.json"))));
  }

  @Test
  void aTamperedIndexIsRefusedAsChangedAfterItWasSigned() throws Exception {
    sign(trustedKey, SshSignature.NAMESPACE);
    Path index = catalog.resolve("index.json");
    Files.writeString(
        index, Files.readString(index).replaceFirst("\"latest\": \"", "\"latest\": \"9"));

    assertThatThrownBy(this::open)
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("the index was changed after it was signed");
  }

  @Test
  void anIndexSignedByAnotherKeyIsRefusedNamingBothKeys() throws Exception {
    Path stranger = key("stranger");
    sign(stranger, SshSignature.NAMESPACE);

    assertThatThrownBy(this::open)
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("signed by another key (SHA256:")
        .hasMessageContaining("not the catalog's trusted signer (SHA256:");
  }

  @Test
  void anIndexWithoutASignatureIsRefusedNamingTheFileItLacks() {
    assertThatThrownBy(this::open)
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("must be signed by its trusted signer")
        .hasMessageContaining("index.json.sig");
  }

  @Test
  void aSignatureMadeForSomethingElseIsRefused() throws Exception {
    sign(trustedKey, "file");

    assertThatThrownBy(this::open)
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("made for \"file\"", "-n swiss-catalog");
  }

  @Test
  void aCatalogWithoutASignerIsTakenUnsigned() {
    assertThat(Catalog.open(catalog.toString(), "").index().models()).isNotEmpty();
  }

  @Test
  void aSignerThatIsNoEd25519KeyIsRefused() throws Exception {
    sign(trustedKey, SshSignature.NAMESPACE);
    trusted = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 someone";

    assertThatThrownBy(this::open).hasMessageContaining("not an Ed25519 public key line");
  }

  @Test
  void aServersCatalogCacheKeepsServingTheLastGoodIndexWhenANewOneIsRefused() throws Exception {
    sign(trustedKey, SshSignature.NAMESPACE);
    MovableClock clock = new MovableClock(Instant.parse("2026-12-02T08:00:00Z"));
    CatalogCache cache = new CatalogCache(Duration.ofSeconds(60), IndexCache.at(null), clock);
    String good = cache.open(catalog.toString(), trusted).ref();
    Path index = catalog.resolve("index.json");
    Files.writeString(
        index, Files.readString(index).replaceFirst("\"latest\": \"", "\"latest\": \"9"));
    clock.advance(Duration.ofSeconds(61));

    Catalog served = cache.open(catalog.toString(), trusted);

    assertThat(served.ref()).as("the last good index, not the tampered one").isEqualTo(good);
    assertThat(Digests.sha256(Files.readAllBytes(index))).isNotEqualTo(good);
  }
}
