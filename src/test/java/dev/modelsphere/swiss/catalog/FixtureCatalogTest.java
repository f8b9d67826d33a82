package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class FixtureCatalogTest {

  @Test
  void everyVersionOfTheFixtureCatalogFetchesVerifiesAndValidates() {
    Catalog catalog = Catalog.open(Fixtures.catalogDir().toString());
    int versions = 0;
    for (IndexModel model : catalog.index().models()) {
      for (IndexVersion row : model.versions()) {
        Entry entry = catalog.entry(model.name(), row.version());
        assertThat(entry.name()).isEqualTo(model.name());
        assertThat(entry.version()).isEqualTo(row.version());
        assertThat(entry.digest()).isEqualTo(row.digest());
        assertThat(entry.source().hf()).isNotEmpty();
        assertThat(entry.variants())
            .extracting(Variant::id)
            .containsExactlyElementsOf(row.variants().stream().map(IndexVariant::id).toList());
        versions++;
      }
    }
    assertThat(catalog.index().models()).hasSize(catalog.index().count());
    assertThat(versions).isGreaterThan(catalog.index().models().size());
  }

  @Test
  void refIsTheSha256OfTheExactIndexBytes() throws Exception {
    Path index = Fixtures.catalogDir().resolve("index.json");
    byte[] bytes = Files.readAllBytes(index);
    String want =
        "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));

    Catalog catalog = Catalog.open(Fixtures.catalogDir().toString());

    assertThat(catalog.ref()).isEqualTo(want);
    assertThat(catalog.rawIndex()).isEqualTo(bytes);
    assertThat(catalog.location()).isEqualTo(index.toString());
  }

  @Test
  void allGivesTheLatestVersionOfEveryModel() {
    Catalog catalog = Catalog.open(Fixtures.catalogDir().toString());

    assertThat(catalog.all())
        .extracting(e -> e.name() + "@" + e.version())
        .containsExactlyElementsOf(
            catalog.index().models().stream().map(m -> m.name() + "@" + m.latest()).toList());
  }
}
