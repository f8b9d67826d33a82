package dev.modelsphere.swiss.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The docs send a reader to a behaviour's home in one hop ({@code `deploy.backend.Backends`}); a
 * class moved or renamed without its docs would send them nowhere.
 */
class ClassesNamedInTheDocsTest {
  private static final Path PROJECT = SharedFixtures.project();

  /** {@code `pkg.Class`} or {@code `pkg.Class.Member`}, where pkg is one of swiss's packages. */
  private static final Pattern NAMED = Pattern.compile("`((?:[a-z]+\\.)+)([A-Z]\\w*)[`.#]");

  private static final Set<String> TOP_PACKAGES = topPackages();

  @Test
  void everyClassTheDocsNameByPackageExistsThere() throws IOException {
    List<String> missing = new ArrayList<>();
    int named = 0;
    for (Path doc : docs()) {
      Matcher matcher = NAMED.matcher(Files.readString(doc));
      while (matcher.find()) {
        String pkg = matcher.group(1).substring(0, matcher.group(1).length() - 1);
        if (!TOP_PACKAGES.contains(pkg.split("\\.")[0])) {
          continue; // a Java or library package, or a file name such as `bench.sh`
        }
        named++;
        Path source =
            PROJECT
                .resolve("src/main/java/dev/modelsphere/swiss")
                .resolve(pkg.replace('.', '/'))
                .resolve(matcher.group(2) + ".java");
        Path test =
            PROJECT
                .resolve("src/test/java/dev/modelsphere/swiss")
                .resolve(pkg.replace('.', '/'))
                .resolve(matcher.group(2) + ".java");
        if (!Files.exists(source) && !Files.exists(test)) {
          missing.add(PROJECT.relativize(doc) + ": " + pkg + "." + matcher.group(2));
        }
      }
    }
    assertThat(missing).as("classes named in docs/ that are not where they say").isEmpty();
    assertThat(named).as("classes named by package in docs/").isGreaterThan(50);
  }

  private static List<Path> docs() throws IOException {
    try (Stream<Path> files = Files.walk(PROJECT.resolve("docs"))) {
      return files.filter(file -> file.toString().endsWith(".md")).sorted().toList();
    }
  }

  private static Set<String> topPackages() {
    try (Stream<Path> dirs = Files.list(PROJECT.resolve("src/main/java/dev/modelsphere/swiss"))) {
      return Set.copyOf(
          dirs.filter(Files::isDirectory).map(dir -> dir.getFileName().toString()).toList());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
