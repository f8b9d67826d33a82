package dev.modelsphere.swiss.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/** Finds the project root and the shared fixtures wherever Maven or an IDE started the JVM. */
public final class ProjectPaths {
  private static final String CRDS = "shared/fixtures/crds";

  private ProjectPaths() {}

  /** The nearest directory at or above {@code user.dir} that holds {@code hack/cluster/up}. */
  public static Path projectRoot() {
    return walkUp(dir -> Files.isRegularFile(dir.resolve("hack/cluster/up")))
        .orElseThrow(() -> new IllegalStateException(
            "no hack/cluster/up at or above " + userDir() + "; run the tests from the swiss checkout"));
  }

  /**
   * The shared CRD fixtures: {@code ../shared} beside the checkout (as on CI and in worktrees),
   * or {@code SWISS_SHARED_DIR} when set.
   */
  public static Path fixtureCrds() {
    String override = System.getenv("SWISS_SHARED_DIR");
    if (override != null && !override.isBlank()) {
      return requireDir(Paths.get(override).resolve("fixtures/crds"));
    }
    return walkUp(dir -> Files.isDirectory(sibling(dir)))
        .map(ProjectPaths::sibling)
        .orElseThrow(() -> new IllegalStateException(
            "no ../" + CRDS + " beside " + userDir() + " or any parent; set SWISS_SHARED_DIR"));
  }

  private static Path sibling(Path dir) {
    Path parent = dir.getParent();
    return parent == null ? dir.resolve(CRDS) : parent.resolve(CRDS);
  }

  private static Path requireDir(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException(dir + " is not a directory");
    }
    return dir;
  }

  private static Optional<Path> walkUp(java.util.function.Predicate<Path> found) {
    for (Path dir = userDir(); dir != null; dir = dir.getParent()) {
      if (found.test(dir)) {
        return Optional.of(dir);
      }
    }
    return Optional.empty();
  }

  private static Path userDir() {
    return Paths.get(System.getProperty("user.dir")).toAbsolutePath().normalize();
  }
}
