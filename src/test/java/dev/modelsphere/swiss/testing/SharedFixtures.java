package dev.modelsphere.swiss.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** The real data beside the project at {@code ../shared/fixtures}. */
public final class SharedFixtures {
  private SharedFixtures() {}

  public static Path root() {
    Path root = project().resolveSibling("shared").resolve("fixtures");
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException(
          "the shared fixtures are missing at "
              + root
              + ": tests expect shared/ beside the project's checkout");
    }
    return root;
  }

  public static Path modelCatalog() {
    return root().resolve("model-catalog");
  }

  public static Path helmCharts() {
    return root().resolve("helm-charts").resolve("charts");
  }

  public static Path crds() {
    return root().resolve("crds");
  }

  /** The project's own directory (tests run with it as the working directory). */
  public static Path project() {
    return Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
  }

  /** A copy of the model catalog under {@code into}, safe to change or delete. */
  public static Path copyModelCatalog(Path into) {
    Path from = modelCatalog();
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
