package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Values documents written to private temporary files, one per document, because the helm SDK reads
 * values from files. Closing removes them.
 */
final class ValuesFiles implements AutoCloseable {

  // JSON is YAML: writing JSON keeps every type exact ("1" stays a string, 1 an integer).
  private static final ObjectMapper JSON = JsonMappers.PLAIN;
  // Memory-backed when the system has it: values never reach a disk, and a render is not slowed
  // down by other processes' disk traffic.
  private static final Path DIR = scratchDir();

  private final List<Path> files;

  private ValuesFiles(List<Path> files) {
    this.files = List.copyOf(files);
  }

  static ValuesFiles write(List<ValuesDocument> documents) {
    List<Path> files = new ArrayList<>();
    try {
      for (ValuesDocument document : documents) {
        // createTempFile makes the file readable by its owner only: values can carry secrets.
        Path file = Files.createTempFile(DIR, "swiss-values-" + document.name() + "-", ".yaml");
        files.add(file);
        Files.write(file, JSON.writeValueAsBytes(document.values()));
      }
      return new ValuesFiles(files);
    } catch (IOException e) {
      new ValuesFiles(files).close();
      throw new UncheckedIOException("cannot write values files for helm", e);
    }
  }

  private static Path scratchDir() {
    Path shm = Path.of("/dev/shm");
    if (Files.isDirectory(shm) && Files.isWritable(shm)) {
      return shm;
    }
    return Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** The files in merge order. */
  List<Path> files() {
    return files;
  }

  @Override
  public void close() {
    for (Path file : files) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // A leftover temp file is harmless; the render result is what matters.
      }
    }
  }
}
