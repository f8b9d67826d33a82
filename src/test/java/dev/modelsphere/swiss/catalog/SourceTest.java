package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening catalogs, pinning versions, digests and the index rules (§2.1, §2.2, §2.5). */
class SourceTest {
  private static final String GLM = "glm5.3";

  @TempDir Path tmp;

  @Test
  void anEmptyVersionMeansLatestAndAPinnedOlderVersionGetsThatVersion() {
    Catalog catalog = Catalog.open(Fixtures.catalogDir().toString());
    IndexModel glm = catalog.index().model(GLM).orElseThrow();

    Entry latest = catalog.entry(GLM, "");
    Entry viaNull = catalog.entry(GLM, null);
    Entry older = catalog.entry(GLM, "1.0.0");

    assertThat(latest.version()).isEqualTo(glm.latest()).isEqualTo("1.0.4");
    assertThat(viaNull).isSameAs(latest);
    assertThat(older.version()).isEqualTo("1.0.0");
    assertThat(older.digest())
        .isEqualTo(glm.version("1.0.0").digest())
        .isNotEqualTo(latest.digest());
  }

  @Test
  void anUnpublishedVersionIsRefusedListingTheVersionsThatExist() {
    Catalog catalog = Catalog.open(Fixtures.catalogDir().toString());

    assertThatThrownBy(() -> catalog.entry(GLM, "9.9.9"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContainingAll(GLM, "9.9.9", "1.0.0", "1.0.4");
  }

  @Test
  void anUnknownModelIsRefusedNamingTheCatalog() {
    Catalog catalog = Catalog.open(Fixtures.catalogDir().toString());

    assertThatThrownBy(() -> catalog.entry("no-such-model", ""))
        .hasMessageContainingAll("no-such-model", catalog.location());
  }

  @Test
  void entriesAreFetchedOnceAndKeptForTheLifeOfTheCatalog() throws IOException {
    Path dir = Fixtures.copyCatalog(tmp);
    Catalog catalog = Catalog.open(dir.toString());
    Entry first = catalog.entry(GLM, "1.0.4");

    Files.delete(dir.resolve("models/glm5.3/glm5.3-1.0.4.yaml"));

    assertThat(catalog.entry(GLM, "1.0.4")).isSameAs(first);
  }

  @Test
  void digestMismatchIsRefusedNamingModelVersionAndBothDigests() throws IOException {
    Path dir = Fixtures.copyCatalog(tmp);
    Path file = dir.resolve("models/glm5.3/glm5.3-1.0.2.yaml");
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length - 2] = (byte) (bytes[bytes.length - 2] == 'x' ? 'y' : 'x');
    Files.write(file, bytes);
    Catalog catalog = Catalog.open(dir.toString());
    String published = catalog.index().model(GLM).orElseThrow().version("1.0.2").digest();

    assertThatThrownBy(() -> catalog.entry(GLM, "1.0.2"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContainingAll(GLM, "1.0.2", published, Digests.sha256(bytes), "rewritten");
    assertThat(catalog.entry(GLM, "1.0.1").version()).isEqualTo("1.0.1");
    assertThat(catalog.entry(GLM, "").version()).isEqualTo("1.0.4");
  }

  @Test
  void indexPathsCannotEscapeTheCatalog() throws IOException {
    for (String path : new String[] {"../../../etc/passwd", "models/../../outside.yaml"}) {
      writeIndexWithPath(path);
      assertThatThrownBy(() -> Catalog.open(tmp.toString()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContainingAll("index.json", "tiny 1.0.0", path, "escapes the catalog");
    }
  }

  @Test
  void indexPathsMustBeRelativeWithForwardSlashes() throws IOException {
    for (String path : new String[] {"/etc/passwd", "models\\\\tiny\\\\tiny-1.0.0.yaml"}) {
      writeIndexWithPath(path);
      assertThatThrownBy(() -> Catalog.open(tmp.toString()))
          .isInstanceOf(CatalogException.class)
          .hasMessageContainingAll("index.json", "tiny 1.0.0", "must be relative");
    }
  }

  @Test
  void aFetcherRefusesAnUnsafePathEvenWhenAskedDirectly() {
    Fetcher fetcher = Fetcher.forLocation(Fixtures.catalogDir().toString());

    assertThatThrownBy(() -> fetcher.read("../model-catalog/index.json"))
        .hasMessageContaining("escapes the catalog");
    assertThatThrownBy(() -> fetcher.read("")).hasMessageContaining("empty path");
  }

  @Test
  void indexRejectsAVersionWithoutADigest() throws IOException {
    Path dir =
        CatalogFiles.in(tmp)
            .version("1.0.0", CatalogFiles.entry("1.0.0", CatalogFiles.VLLM))
            .write();
    rewriteIndex(dir, "\"digest\":\"sha256:[0-9a-f]+\"", "\"digest\":\"\"");

    assertThatThrownBy(() -> Catalog.open(dir.toString()))
        .hasMessageContainingAll("index.json", "tiny 1.0.0", "no digest");
  }

  @Test
  void indexRejectsAnUnpublishedLatest() {
    Path dir =
        CatalogFiles.in(tmp)
            .version("1.0.0", CatalogFiles.entry("1.0.0", CatalogFiles.VLLM))
            .latest("2.0.0")
            .write();

    assertThatThrownBy(() -> Catalog.open(dir.toString()))
        .hasMessageContainingAll("index.json", "tiny", "2.0.0", "not published");
  }

  @Test
  void staleIndexIsDetectedWhenTheEntryNamesAnotherModel() {
    String renamed =
        CatalogFiles.entry("1.0.0", CatalogFiles.VLLM).replace("name: tiny", "name: tiny-renamed");
    Path dir = CatalogFiles.in(tmp).version("1.0.0", renamed).write();

    assertThatThrownBy(() -> Catalog.open(dir.toString()).entry("tiny", "1.0.0"))
        .hasMessageContainingAll("tiny 1.0.0", "tiny-renamed 1.0.0", "stale");
  }

  @Test
  void staleIndexIsDetectedWhenTheEntryNamesAnotherVersion() {
    Path dir =
        CatalogFiles.in(tmp)
            .version("1.0.1", CatalogFiles.entry("1.0.0", CatalogFiles.VLLM))
            .write();

    assertThatThrownBy(() -> Catalog.open(dir.toString()).entry("tiny", "1.0.1"))
        .hasMessageContainingAll("tiny 1.0.1", "tiny 1.0.0", "stale");
  }

  @Test
  void aMissingVersionFileIsReportedWithItsPath() throws IOException {
    Path dir =
        CatalogFiles.in(tmp)
            .version("1.0.0", CatalogFiles.entry("1.0.0", CatalogFiles.VLLM))
            .write();
    Files.delete(dir.resolve("models/tiny/tiny-1.0.0.yaml"));

    assertThatThrownBy(() -> Catalog.open(dir.toString()).entry("tiny", "1.0.0"))
        .hasMessageContainingAll("tiny 1.0.0", "models/tiny/tiny-1.0.0.yaml");
  }

  @Test
  void localDirectoryAndIndexFileBothWorkAndNormalizeToTheIndexFile() {
    Path dir = Fixtures.catalogDir();
    Catalog fromDir = Catalog.open(dir.toString());
    Catalog fromFile = Catalog.open(dir.resolve("index.json").toString());
    Catalog fromDotted = Catalog.open(dir.resolve("models/..").toString());

    assertThat(fromDir.location()).isEqualTo(dir.resolve("index.json").toString());
    assertThat(fromFile.location()).isEqualTo(fromDir.location());
    assertThat(fromDotted.location()).isEqualTo(fromDir.location());
    assertThat(fromFile.ref()).isEqualTo(fromDir.ref());
    assertThat(fromFile.entry(GLM, "")).isEqualTo(fromDir.entry(GLM, ""));
  }

  @Test
  void aRelativeLocationIsMadeAbsolute() {
    Path relative = Path.of("").toAbsolutePath().relativize(Fixtures.catalogDir());

    assertThat(Catalog.open(relative.toString()).location())
        .isEqualTo(Fixtures.catalogDir().resolve("index.json").toString());
  }

  @Test
  void aMissingIndexIsReportedAsTheCatalogIndex() {
    assertThatThrownBy(() -> Catalog.open(tmp.resolve("nothing-here").toString()))
        .hasMessageContainingAll("catalog index", "nothing-here");
  }

  @Test
  void noLocationIsRefused() {
    assertThatThrownBy(() -> Catalog.open("")).hasMessageContaining("no catalog location");
    assertThatThrownBy(() -> Fetcher.forLocation(null)).hasMessageContaining("no catalog location");
  }

  private void writeIndexWithPath(String path) throws IOException {
    Path dir =
        CatalogFiles.in(tmp)
            .version("1.0.0", CatalogFiles.entry("1.0.0", CatalogFiles.VLLM))
            .write();
    rewriteIndex(dir, "\"path\":\"[^\"]+\"", "\"path\":\"" + path + "\"");
  }

  private static void rewriteIndex(Path dir, String regex, String replacement) throws IOException {
    Path index = dir.resolve("index.json");
    String json = Files.readString(index, StandardCharsets.UTF_8);
    String changed = json.replaceAll(regex, java.util.regex.Matcher.quoteReplacement(replacement));
    assertThat(changed).isNotEqualTo(json);
    Files.writeString(index, changed, StandardCharsets.UTF_8);
  }
}
