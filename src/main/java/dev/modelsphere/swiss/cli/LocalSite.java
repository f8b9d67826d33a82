package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.catalog.IndexCache;
import dev.modelsphere.swiss.config.Cluster;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.config.ProfileSource;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.sitestate.CatalogCache;
import dev.modelsphere.swiss.sitestate.ChartListings;
import dev.modelsphere.swiss.sitestate.FileProfileStore;
import dev.modelsphere.swiss.sitestate.SiteCatalogs;
import dev.modelsphere.swiss.sitestate.SiteProfiles;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/**
 * The site as a command without {@code --server} sees it: the one config file, with the catalog and
 * profile the flags and environment name over it ({@link GlobalOptions#resolve}), wired as {@code
 * swiss serve} wires its site ({@code SiteState}), so both compose and check alike. The config is
 * read at once; the profile and catalog only when a command needs them, so a command that only
 * reads releases works whatever the config says of the profile.
 */
final class LocalSite {
  private final GlobalOptions global;
  private final Config file;
  private GlobalOptions.Sources sources;
  private DeployUseCases.Site site;
  private Config config;

  private LocalSite(GlobalOptions global, Config file) {
    this.global = global;
    this.file = file;
  }

  /** The config file the flags or the usual places name; the defaults when there is none. */
  static LocalSite of(GlobalOptions global) {
    Path found = Config.find(global.config.path);
    return new LocalSite(
        global, found == null ? new Config(null, null, null, null, "") : Config.load(found));
  }

  /** The config file as read: the settings the deploy core runs with. */
  Config file() {
    return file;
  }

  /** The config with the catalog and profile file the flags and environment chose. */
  Config config() {
    site();
    return config;
  }

  /** The catalogs, the profile and the chart listings, built once. */
  DeployUseCases.Site site() {
    if (site == null) {
      sources = global.resolve();
      String profile = GlobalOptions.empty(sources.profileFile()) ? "" : sources.profileFile();
      Cluster cluster = file.cluster();
      config =
          new Config(
              sources.catalog(),
              new Cluster(
                  new ProfileSource(profile, "", ""),
                  cluster.namespaces(),
                  cluster.kubeconfig(),
                  cluster.context()),
              file.server(),
              file.canary(),
              file.origin());
      site = open(config, !profile.isEmpty());
    }
    return site;
  }

  /**
   * Refuses, saying how to name one, when no site profile is configured, and names the file and its
   * fault when it does not load: a broken file is the caller's to fix (exit 1), where the server,
   * whose profile is its setup, answers that it is not set up yet.
   */
  void requireProfile() {
    site();
    Profile.load(Path.of(sources.requireProfile()));
  }

  private static DeployUseCases.Site open(Config config, boolean hasProfile) {
    Duration ttl = config.server().cacheTTL();
    Clock clock = Clock.systemUTC();
    SiteProfiles profiles =
        new SiteProfiles(
            new FileProfileStore(Path.of(config.cluster().profile().file())), ttl, clock);
    CatalogCache cache =
        new CatalogCache(ttl, IndexCache.at(Path.of(config.catalogCacheDir())), clock);
    return new DeployUseCases.Site(
        new SiteCatalogs(profiles, config, cache),
        profiles,
        ChartListings.ofRepositories(ttl, clock),
        hasProfile);
  }
}
