package dev.modelsphere.swiss.catalog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads a catalog from the filesystem. No size cap: the operator chose the files. */
public final class FileFetcher implements Fetcher {
  private final Path indexFile;

  public FileFetcher(Path indexFile) {
    this.indexFile = indexFile.toAbsolutePath().normalize();
  }

  /** A directory means its {@code index.json}; anything else is the index file itself. */
  static FileFetcher forPath(String location) {
    Path path;
    try {
      path = Path.of(location).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw new CatalogException("catalog path \"" + location + "\": " + e.getReason());
    }
    return new FileFetcher(Files.isDirectory(path) ? path.resolve("index.json") : path);
  }

  @Override
  public byte[] readIndex() {
    try {
      return readFile(indexFile);
    } catch (CatalogException e) {
      throw new CatalogException("catalog index: " + e.getMessage(), e);
    }
  }

  @Override
  public byte[] read(String relativePath) {
    SafePath.check(relativePath);
    return readFile(indexFile.getParent().resolve(relativePath));
  }

  @Override
  public String location() {
    return indexFile.toString();
  }

  @Override
  public String toString() {
    return location();
  }

  private static byte[] readFile(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new CatalogException(file + ": no such file", e);
    } catch (IOException e) {
      throw new CatalogException(file + ": " + e, e);
    }
  }
}
