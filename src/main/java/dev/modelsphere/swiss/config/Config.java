package dev.modelsphere.swiss.config;

import dev.modelsphere.swiss.values.DocumentFile;
import dev.modelsphere.swiss.values.Nulls;
import java.nio.file.Path;
import java.util.Map;

/**
 * The config document shared by {@code swiss} and {@code swiss serve}.
 *
 * <p>After {@link #load} every default is filled in and relative paths are resolved against the
 * file's directory, so a config means the same thing whatever directory it is used from.
 *
 * @param catalog the catalog location: an http(s) base URL or a path ({@code index.json} is
 *     appended unless it names a {@code .json} file); {@link #DEFAULT_CATALOG} when none is given
 * @param origin the file the config was read from; empty for a config built in code
 */
public record Config(
    String catalog, Cluster cluster, Server server, CanaryKeys canary, String origin) {

  /** The public catalog, used when neither a config nor a flag names one, as the reference does. */
  public static final String DEFAULT_CATALOG = "https://modelsphere.github.io/model-catalog/";

  public Config {
    catalog = Nulls.or(catalog, DEFAULT_CATALOG).strip();
    cluster = cluster == null ? Cluster.none() : cluster;
    server = server == null ? Server.defaults() : server;
    canary = canary == null ? CanaryKeys.defaults() : canary;
    origin = Nulls.orEmpty(origin);
  }

  /**
   * Finds the config file: {@code explicit} (the {@code --config} flag), {@code $SWISS_CONFIG},
   * {@code ./swiss.yaml}, {@code ~/.config/swiss/swiss.yaml}.
   *
   * @return the file, or null when there is none (not an error)
   */
  public static Path find(String explicit) {
    return find(explicit, System.getenv(), Path.of(""), Path.of(System.getProperty("user.home")));
  }

  /** {@link #find(String)} with the environment, working directory and home directory given. */
  public static Path find(String explicit, Map<String, String> env, Path cwd, Path home) {
    return ConfigDiscovery.find(explicit, env, cwd, home);
  }

  /**
   * Reads a config file strictly (an unknown key is an error), fills in the defaults and resolves
   * {@code catalog}, {@code cluster.profile.file} and {@code server.auth.dir} against the file's
   * directory when they are relative paths.
   *
   * @throws ConfigException naming the file, when it cannot be read or decoded
   */
  public static Config load(Path file) {
    String origin = file.toString();
    String yaml =
        DocumentFile.read(
            file,
            (why, cause) ->
                new ConfigException(origin + ": cannot read the config file: " + why, cause));
    ConfigYaml.Document doc = ConfigYaml.decode(yaml, origin);
    Config config = new Config(doc.catalog(), doc.cluster(), doc.server(), doc.canary(), origin);
    return RelativePaths.resolve(config, file.toAbsolutePath().getParent());
  }

  /**
   * Checks what both the CLI and the server need: exactly one profile source, a ConfigMap one named
   * {@code namespace/name}.
   *
   * @throws ConfigException naming the origin and the broken rule
   */
  public void validate() {
    ConfigRules.validate(this);
  }

  /** {@link #validate()} plus the server's own rules: a login, a cookie mode, a backend. */
  public void validateServer() {
    ConfigRules.validateServer(this);
  }

  /** The on-disk catalog index cache directory; see {@link Server#catalogCacheDir()}. */
  public String catalogCacheDir() {
    return server.catalogCacheDir();
  }

  /** The site profile's location: its file if set, else its ConfigMap. */
  public String profileRef() {
    return cluster.profile().ref();
  }
}
