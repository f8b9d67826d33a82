package dev.modelsphere.swiss.catalog;

import java.util.List;

/**
 * Lists the versions of a chart where the site profile says charts live: a local chart directory
 * ({@code chartPath}), an OCI registry ({@code chartRepo: oci://host/path}) or a classic chart
 * repository ({@code chartRepo: https://...}). Reads are anonymous: swissd holds no registry
 * credentials, and says so when a repository wants them.
 */
public final class ChartRepositories {

  static final String OCI = "oci://";

  private ChartRepositories() {}

  /**
   * The versions of chart {@code name}, over https for registries.
   *
   * @see #versions(String, String, String, RegistryAccess)
   */
  public static List<String> versions(String repo, String path, String name) {
    return versions(repo, path, name, RegistryAccess.https());
  }

  /**
   * The versions of chart {@code name}, in the source's order, unfiltered (OCI tags that are not
   * versions are included). A non-empty {@code path} wins over {@code repo}: the one version of
   * {@code <path>/<name>/Chart.yaml}.
   *
   * @throws RepoException when there is no source or it cannot be read
   */
  public static List<String> versions(
      String repo, String path, String name, RegistryAccess access) {
    if (path != null && !path.isEmpty()) {
      return List.of(LocalChart.version(path, name));
    }
    if (repo != null && repo.startsWith(OCI)) {
      return OciRegistryTags.list(repo, name, access);
    }
    if (repo != null && !repo.isEmpty()) {
      return HttpChartIndex.list(repo, name);
    }
    throw new RepoException(
        null, "no chart source: set chartRepo or chartPath in the site profile");
  }

  /** A lister for {@link ChartVersionSpec#resolve} that reads the source when asked. */
  public static ChartVersionLister lister(String repo, String path, String name) {
    return lister(repo, path, name, RegistryAccess.https());
  }

  /** A lister for {@link ChartVersionSpec#resolve} that reads the source when asked. */
  public static ChartVersionLister lister(
      String repo, String path, String name, RegistryAccess access) {
    return () -> versions(repo, path, name, access);
  }
}
