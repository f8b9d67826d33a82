package dev.modelsphere.swiss.catalog;

import dev.modelsphere.swiss.testing.SharedFixtures;
import java.nio.file.Path;

/** The real model catalog under {@code ../shared/fixtures}, and copies of it to break. */
final class Fixtures {
  private Fixtures() {}

  static Path catalogDir() {
    return SharedFixtures.modelCatalog();
  }

  /** A copy of the fixture catalog under {@code into}, safe to change. */
  static Path copyCatalog(Path into) {
    return SharedFixtures.copyModelCatalog(into);
  }
}
