package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.config.Config;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where the catalog and the site profile come from. A flag beats the environment, which beats the
 * config file.
 */
public final class GlobalOptions {
  @Mixin ConfigFileOption config;

  @Option(
      names = "--catalog",
      description =
          "Catalog: a directory, an index.json file or an http(s) URL (default: $SWISS_CATALOG,"
              + " else the config's catalog, else "
              + Config.DEFAULT_CATALOG
              + ").")
  String catalog;

  @Option(
      names = "--profile",
      description =
          "Site profile YAML file (default: $SWISS_PROFILE, else the config's cluster.profile.file).")
  String profile;

  /**
   * The catalog location and profile file, after flags, environment and config file. With none of
   * them naming a catalog it is the public one, as in the reference.
   */
  public Sources resolve() {
    String catalogLoc = null;
    String profileFile = null;
    Path found = Config.find(config.path);
    if (found != null) {
      Config cfg = Config.load(found);
      var source = cfg.cluster().profile();
      if (empty(source.file()) && !empty(source.configMap())) {
        throw new CliException(
            found
                + ": cluster.profile is a configMap, which only swiss serve can read"
                + " -- pass --profile with a file for the CLI");
      }
      catalogLoc = cfg.catalog();
      profileFile = source.file();
    }
    catalogLoc =
        firstOf(catalog, System.getenv("SWISS_CATALOG"), catalogLoc, Config.DEFAULT_CATALOG);
    profileFile = firstOf(profile, System.getenv("SWISS_PROFILE"), profileFile);
    return new Sources(catalogLoc, profileFile);
  }

  private static String firstOf(String... candidates) {
    for (String c : candidates) {
      if (!empty(c)) {
        return c;
      }
    }
    return null;
  }

  static boolean empty(String s) {
    return s == null || s.isEmpty();
  }

  /** The resolved catalog location and site profile file (null when none is configured). */
  public record Sources(String catalog, String profileFile) {
    public String requireProfile() {
      if (empty(profileFile)) {
        throw new CliException(
            "no site profile: set cluster.profile.file in the config, or pass --profile");
      }
      return profileFile;
    }
  }
}
