package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The demo catalog ({@code examples/catalog}) is what {@code hack/demo} and many tests deploy from:
 * every version it publishes must open as swiss opens it, and the index must list every model
 * folder (a folder it misses means {@code hack/catalog-index} was not run).
 */
class DemoCatalogTest {
  private static final Path DIR = SharedFixtures.project().resolve("examples/catalog");

  @Test
  void everyVersionOfTheDemoCatalogFetchesVerifiesAndValidates() {
    Catalog catalog = Catalog.open(DIR.toString());
    for (IndexModel model : catalog.index().models()) {
      for (IndexVersion row : model.versions()) {
        Entry entry = catalog.entry(model.name(), row.version());
        assertThat(entry.digest()).isEqualTo(row.digest());
        assertThat(entry.variants())
            .extracting(Variant::id)
            .containsExactlyElementsOf(row.variants().stream().map(IndexVariant::id).toList());
      }
    }
  }

  @Test
  void theIndexListsEveryModelFolder() throws IOException {
    Catalog catalog = Catalog.open(DIR.toString());
    try (Stream<Path> folders = Files.list(DIR.resolve("models"))) {
      assertThat(catalog.index().models())
          .extracting(IndexModel::name)
          .containsExactlyInAnyOrderElementsOf(
              folders.map(p -> p.getFileName().toString()).toList());
    }
  }

  @Test
  void moreThanOneModelHasSeveralVersionsSoTheDemoCanUpgrade() {
    Catalog catalog = Catalog.open(DIR.toString());
    assertThat(catalog.index().models())
        .filteredOn(m -> m.versions().size() > 1)
        .hasSizeGreaterThan(1);
  }
}
