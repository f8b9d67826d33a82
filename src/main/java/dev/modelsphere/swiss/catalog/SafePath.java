package dev.modelsphere.swiss.catalog;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The rule for paths an index names: relative, forward slashes only, and inside the catalog once
 * cleaned. Checked when the index is parsed and again on every fetch.
 */
final class SafePath {
  private SafePath() {}

  /** Returns the path when it is safe; throws saying why it is not. */
  static String check(String rel) {
    if (rel == null || rel.isEmpty()) {
      throw new CatalogException("empty path");
    }
    if (rel.startsWith("/") || rel.contains("\\")) {
      throw new CatalogException("path \"" + rel + "\" must be relative");
    }
    // Path.normalize is purely lexical here: it folds "a/../.." to ".." without touching disk.
    String cleaned;
    try {
      cleaned = Path.of(rel).normalize().toString();
    } catch (InvalidPathException e) {
      throw new CatalogException("path \"" + rel + "\" is not a valid path: " + e.getReason());
    }
    if (cleaned.equals("..") || cleaned.startsWith("../")) {
      throw new CatalogException("path \"" + rel + "\" escapes the catalog");
    }
    return rel;
  }
}
