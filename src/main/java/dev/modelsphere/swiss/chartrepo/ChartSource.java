package dev.modelsphere.swiss.chartrepo;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a chart is read from: a chart folder on disk, an OCI registry or a classic http(s) chart
 * repository. {@link #choose} is the one rule for which source wins when several are named; listing
 * versions, rendering and the helmfile document all ask it.
 *
 * @param location the chart's folder for {@link Kind#FOLDER}; otherwise the registry or repository
 *     without trailing slashes
 */
public record ChartSource(Kind kind, String location) {

  /** What kind of place holds the chart. */
  public enum Kind {
    FOLDER,
    OCI,
    HTTP
  }

  static final String OCI_SCHEME = "oci://";

  /**
   * The source of chart {@code name}, first match wins: the chart path ({@code <path>/<name>}), the
   * repository ({@code oci://} registry or http(s) index), then {@code <chartRoot>/<name>}.
   *
   * <p>The path wins over the repository, as in the reference's render and version listing: a site
   * that keeps its charts checked out beside a repository means the checkout.
   *
   * @param chartRoot a folder of charts given at run time; null or empty when there is none
   * @return empty when none of the three is set
   */
  public static Optional<ChartSource> choose(
      String name, String repo, String path, String chartRoot) {
    if (isSet(path)) {
      return Optional.of(folder(path, name));
    }
    if (isSet(repo)) {
      Kind kind = repo.startsWith(OCI_SCHEME) ? Kind.OCI : Kind.HTTP;
      return Optional.of(new ChartSource(kind, withoutTrailingSlashes(repo)));
    }
    if (isSet(chartRoot)) {
      return Optional.of(folder(chartRoot, name));
    }
    return Optional.empty();
  }

  /** The chart's folder, for a {@link Kind#FOLDER} source. */
  public Path folder() {
    return Path.of(location);
  }

  static String withoutTrailingSlashes(String location) {
    String result = location;
    while (result.endsWith("/")) {
      result = result.substring(0, result.length() - 1);
    }
    return result;
  }

  private static ChartSource folder(String parent, String name) {
    return new ChartSource(Kind.FOLDER, Path.of(parent, name).toString());
  }

  private static boolean isSet(String value) {
    return value != null && !value.isEmpty();
  }
}
