package dev.modelsphere.swiss.chartrepo;

import java.util.List;

/**
 * Lists the versions of a chart where the site profile says charts live: a local chart directory
 * ({@code chartPath}), an OCI registry ({@code chartRepo: oci://host/path}) or a classic chart
 * repository ({@code chartRepo: https://...}). Reads are anonymous: swissd holds no registry
 * credentials, and says so when a repository wants them.
 */
public final class ChartVersions {

  static final String NO_SOURCE = "no chart source: set chartRepo or chartPath in the site profile";

  private ChartVersions() {}

  /**
   * The versions of chart {@code name}, over https for registries.
   *
   * @see #list(String, String, String, RegistryAccess)
   */
  public static List<String> list(String repo, String path, String name) {
    return list(repo, path, name, RegistryAccess.https());
  }

  /**
   * The versions of chart {@code name}, in the source's order, unfiltered (OCI tags that are not
   * versions are included). The source is the one {@link ChartSource#choose} picks: a chart path
   * gives the one version of {@code <path>/<name>/Chart.yaml}.
   *
   * @throws RepoException when there is no source or it cannot be read
   */
  public static List<String> list(String repo, String path, String name, RegistryAccess access) {
    ChartSource source =
        ChartSource.choose(name, repo, path, null)
            .orElseThrow(() -> new RepoException(null, NO_SOURCE));
    RepoHttp http = RepoHttp.standard();
    return switch (source.kind()) {
      case FOLDER -> List.of(LocalChart.version(source.folder()));
      case OCI -> OciRegistryTags.list(http, source.location(), name, access);
      case HTTP -> RepositoryIndex.read(http, source.location()).versions(name);
    };
  }
}
