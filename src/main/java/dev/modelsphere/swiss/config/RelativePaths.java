package dev.modelsphere.swiss.config;

import java.nio.file.Path;

/** Makes the config's relative paths relative to the config file rather than to the caller. */
final class RelativePaths {
  private RelativePaths() {}

  static Config resolve(Config c, Path dir) {
    Cluster cluster = c.cluster();
    ProfileSource profile = cluster.profile();
    Server server = c.server();
    Auth auth = server.auth();
    return new Config(
        isUrl(c.catalog()) ? c.catalog() : against(dir, c.catalog()),
        new Cluster(
            new ProfileSource(against(dir, profile.file()), profile.configMap(), profile.key()),
            cluster.namespaces(),
            cluster.kubeconfig(),
            cluster.context()),
        server.withAuth(
            new Auth(
                against(dir, auth.dir()),
                auth.tokenTTL(),
                auth.disabled(),
                auth.cookieSecure(),
                auth.admins())),
        c.canary(),
        c.origin());
  }

  private static boolean isUrl(String location) {
    return location.startsWith("http://") || location.startsWith("https://");
  }

  /** An empty or absolute path unchanged; a relative one joined to {@code dir}. */
  private static String against(Path dir, String path) {
    if (path.isEmpty() || dir == null || Path.of(path).isAbsolute()) {
      return path;
    }
    return dir.resolve(path).normalize().toString();
  }
}
