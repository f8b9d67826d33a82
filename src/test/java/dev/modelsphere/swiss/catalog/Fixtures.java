package dev.modelsphere.swiss.catalog;

import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** The real model catalog under {@code ../shared/fixtures}, and copies of it to break. */
final class Fixtures {
  private Fixtures() {}

  static Path catalogDir() {
    return SharedFixtures.modelCatalog();
  }

  /** A copy of the fixture catalog under {@code into}, safe to change. */
  static Path copyCatalog(Path into) {
    Path from = catalogDir();
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path to = into.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(to);
        } else {
          Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return into;
  }
}
