package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.sitestate.CatalogCache;
import dev.modelsphere.swiss.sitestate.SiteStateException;
import dev.modelsphere.swiss.testing.MovableClock;
import dev.modelsphere.swiss.testing.SignedCatalogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
  private SignedCatalogs.Key trustedKey;

  @BeforeEach
  void copyTheFixtureCatalogAndMakeTheSignersKey() {
    catalog = SignedCatalogs.copyOfTheFixture(dir.resolve("catalog"));
    trustedKey = SignedCatalogs.newKey(dir, "publisher");
    trusted = trustedKey.publicLine();
    SignedCatalogs.serial(catalog, 1);
  }

  private Path key(String name) {
    return SignedCatalogs.newKey(dir, name).file();
  }

  /** Signs the index as a publisher does: {@code index.json.sig} beside it. */
  private void sign(Path key, String namespace) {
    SignedCatalogs.sign(catalog, new SignedCatalogs.Key(key, ""), namespace);
  }

  private Catalog open() {
    return Catalog.open(catalog.toString(), trusted);
  }

  @Test
  void anIndexSignedByTheTrustedSignerOpens() throws Exception {
    sign(trustedKey.file(), SshSignature.NAMESPACE);

    Catalog opened = open();

    assertThat(opened.index().models()).isNotEmpty();
    assertThat(opened.ref())
        .isEqualTo(Digests.sha256(Files.readAllBytes(catalog.resolve("index.json"))));
  }

  @Test
  void aTamperedIndexIsRefusedAsChangedAfterItWasSigned() throws Exception {
    sign(trustedKey.file(), SshSignature.NAMESPACE);
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
    sign(trustedKey.file(), "file");

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
    sign(trustedKey.file(), SshSignature.NAMESPACE);
    trusted = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 someone";

    assertThatThrownBy(this::open).hasMessageContaining("not an Ed25519 public key line");
  }

  @Test
  void aServersCatalogCacheKeepsServingTheLastGoodIndexWhenANewOneIsRefused() throws Exception {
    sign(trustedKey.file(), SshSignature.NAMESPACE);
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

  @Test
  void aSignedIndexWithoutASerialIsRefusedSoNoOldOneCanBeReplayed() {
    SignedCatalogs.serial(catalog, 0);
    sign(trustedKey.file(), SshSignature.NAMESPACE);

    assertThatThrownBy(this::open)
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("must carry a serial", "--bump-serial");
  }

  @Test
  void anOlderSignedIndexIsRefusedAsAReplayInMemoryAndAfterARestart() throws Exception {
    Path cacheDir = dir.resolve("cache");
    sign(trustedKey.file(), SshSignature.NAMESPACE);
    byte[] oldIndex = Files.readAllBytes(catalog.resolve("index.json"));
    byte[] oldSignature = Files.readAllBytes(catalog.resolve("index.json.sig"));
    SignedCatalogs.serial(catalog, 2);
    sign(trustedKey.file(), SshSignature.NAMESPACE);
    MovableClock clock = new MovableClock(Instant.parse("2026-12-02T08:00:00Z"));
    CatalogCache running = new CatalogCache(Duration.ofSeconds(60), IndexCache.at(cacheDir), clock);
    Catalog newer = running.open(catalog.toString(), trusted);
    Files.write(catalog.resolve("index.json"), oldIndex);
    Files.write(catalog.resolve("index.json.sig"), oldSignature);
    clock.advance(Duration.ofSeconds(61));

    Catalog served = running.open(catalog.toString(), trusted);
    Catalog afterRestart =
        new CatalogCache(Duration.ofSeconds(60), IndexCache.at(cacheDir), clock)
            .open(catalog.toString(), trusted);

    assertThat(newer.index().serial()).isEqualTo(2);
    assertThat(served.ref()).as("the replayed serial 1 is refused").isEqualTo(newer.ref());
    assertThat(afterRestart.ref()).isEqualTo(newer.ref());
  }

  @Test
  void aCopySavedWhileTheCatalogWasUnsignedIsNeverServedForItsSigner() throws Exception {
    Path cacheDir = dir.resolve("cache");
    MovableClock clock = new MovableClock(Instant.parse("2026-12-02T08:00:00Z"));
    new CatalogCache(Duration.ofSeconds(60), IndexCache.at(cacheDir), clock)
        .open(catalog.toString(), "");
    sign(key("stranger"), SshSignature.NAMESPACE);

    CatalogCache restarted =
        new CatalogCache(Duration.ofSeconds(60), IndexCache.at(cacheDir), clock);

    assertThatThrownBy(() -> restarted.open(catalog.toString(), trusted))
        .isInstanceOf(SiteStateException.class)
        .hasMessageContaining("signed by another key", "no earlier copy to serve");
  }

  @Test
  void aCachedCopyIsVerifiedAgainWhenItIsLoaded() throws Exception {
    Path cacheDir = dir.resolve("cache");
    sign(trustedKey.file(), SshSignature.NAMESPACE);
    MovableClock clock = new MovableClock(Instant.parse("2026-12-02T08:00:00Z"));
    new CatalogCache(Duration.ofSeconds(60), IndexCache.at(cacheDir), clock)
        .open(catalog.toString(), trusted);
    try (Stream<Path> saved = Files.list(cacheDir)) {
      Path copy = saved.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow();
      Files.writeString(
          copy, Files.readString(copy).replaceFirst("\"latest\": \"", "\"latest\": \"9"));
    }
    Files.delete(catalog.resolve("index.json"));

    CatalogCache restarted =
        new CatalogCache(Duration.ofSeconds(60), IndexCache.at(cacheDir), clock);

    assertThatThrownBy(() -> restarted.open(catalog.toString(), trusted))
        .isInstanceOf(SiteStateException.class)
        .hasMessageContaining("changed after it was signed");
  }
}
