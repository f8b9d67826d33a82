package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.IndexCache;
import dev.modelsphere.swiss.config.Cluster;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.config.ProfileSource;
import dev.modelsphere.swiss.config.Server;
import dev.modelsphere.swiss.testing.MovableClock;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.time.Duration;
import java.time.Instant;

/**
 * A site for tests: its profile in the ConfigMap {@code swiss/site-profile} (held in memory), the
 * fixture model catalog as the config's catalog, and no disk cache.
 */
final class TestSite {
  static final Duration TTL = Duration.ofSeconds(60);
  static final String CATALOG = SharedFixtures.modelCatalog().toString();

  final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T08:00:00Z"));
  final FakeConfigMaps configMaps = new FakeConfigMaps();
  final SiteProfiles profiles =
      new SiteProfiles(
          new ConfigMapProfileStore("swiss", "site-profile", "profile.yaml", configMaps),
          TTL,
          clock);

  /** A site whose ConfigMap holds no profile yet. */
  TestSite() {}

  /** A site whose ConfigMap holds {@code profileYaml}. */
  TestSite(String profileYaml) {
    configMaps.with("swiss", "site-profile", "profile.yaml", profileYaml);
  }

  SiteCatalogs catalogs() {
    return catalogs(config(Server.APPLY_WITH_HELM));
  }

  SiteCatalogs catalogs(Config config) {
    return new SiteCatalogs(profiles, config, new CatalogCache(TTL, IndexCache.at(null), clock));
  }

  /** The config of this site: the fixture catalog, the profile ConfigMap, this backend. */
  static Config config(String applyWith) {
    Server server = Server.defaults().withApplyWith(applyWith);
    Cluster cluster =
        new Cluster(new ProfileSource(null, "swiss/site-profile", null), null, null, null);
    return new Config(CATALOG, cluster, server, null, "/etc/swiss/swiss.yaml");
  }
}
