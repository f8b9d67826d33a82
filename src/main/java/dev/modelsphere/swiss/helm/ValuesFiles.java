package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Values documents written to a private temporary directory, one {@code <name>.yaml} per
 * document, because the helm SDK reads values from files. Closing removes the directory.
 */
final class ValuesFiles implements AutoCloseable {

  // JSON is YAML: writing JSON keeps every type exact ("1" stays a string, 1 an integer).
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final List<Path> files;

  private ValuesFiles(Path dir, List<Path> files) {
    this.dir = dir;
    this.files = List.copyOf(files);
  }

  static ValuesFiles write(List<ValuesDocument> documents) {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("swiss-values-",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      List<Path> files = new ArrayList<>();
      int i = 0;
      for (ValuesDocument document : documents) {
        // The index keeps two documents with the same name apart and the order visible.
        Path file = dir.resolve(String.format("%02d-%s.yaml", i++, document.name()));
        Files.writeString(file, JSON.writeValueAsString(document.values()));
        files.add(file);
      }
      return new ValuesFiles(dir, files);
    } catch (IOException e) {
      if (dir != null) {
        deleteTree(dir);
      }
      throw new UncheckedIOException("cannot write values files for helm", e);
    }
  }

  /** The files in merge order. */
  List<Path> files() {
    return files;
  }

  @Override
  public void close() {
    deleteTree(dir);
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // A leftover temp directory is harmless; the render result is what matters.
    }
  }
}
