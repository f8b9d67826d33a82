package dev.modelsphere.swiss.catalog;

/**
 * Reads a catalog's index and the files it names, from one place. Paths are relative to the
 * directory holding the index and must pass the safe-path rule.
 */
public interface Fetcher {

  /** The exact bytes of {@code index.json}. */
  byte[] readIndex();

  /** The exact bytes of a file the index names, relative to the index's directory. */
  byte[] read(String relativePath);

  /**
   * The normalized index location: an absolute path or a full URL ending in the index file. Plans
   * record it, and configured catalogs are matched by it.
   */
  String location();

  /**
   * A fetcher for an http(s) URL or a filesystem path. A URL whose path does not end in {@code
   * .json} gets {@code index.json} appended; a directory means its {@code index.json}.
   */
  static Fetcher forLocation(String location) {
    if (location == null || location.isBlank()) {
      throw new CatalogException("no catalog location: name a directory, an index.json or a URL");
    }
    if (location.startsWith("http://") || location.startsWith("https://")) {
      return HttpFetcher.forUrl(location);
    }
    return FileFetcher.forPath(location);
  }
}
