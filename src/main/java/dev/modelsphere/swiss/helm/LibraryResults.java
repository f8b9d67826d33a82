package dev.modelsphere.swiss.helm;

/**
 * The Helm library's results, one per operation, each the Java twin of its struct in {@code
 * native/helm} (the install's and upgrade's is {@link HelmOutcome}, the memory's {@link
 * NativeMemory}).
 */
final class LibraryResults {

  private LibraryResults() {}

  /** {@code render}: every object of the chart as one multi-document YAML string. */
  record Rendered(String manifest) {}

  /** {@code uninstall}: Helm's own words about it. */
  record Uninstalled(String output) {}

  /** {@code values}: one revision's values as YAML text. */
  record Values(String yaml) {}

  /** {@code package}: where the chart's archive was written. */
  record Packaged(String path) {}

  /** {@code digest}: the sha256 of a pulled chart's archive. */
  record Digest(String digest) {}
}
