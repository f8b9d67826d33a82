package dev.modelsphere.swiss.testing;

import java.nio.file.Files;
import java.nio.file.Path;

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
}
