package dev.modelsphere.swiss.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Finds the config file from the flag, the environment and the usual places. */
final class ConfigDiscovery {
  static final String ENV = "SWISS_CONFIG";
  static final String FILE_NAME = "swiss.yaml";

  private ConfigDiscovery() {}

  /**
   * The first of: the explicit path, {@code $SWISS_CONFIG}, {@code <cwd>/swiss.yaml}, {@code
   * <home>/.config/swiss/swiss.yaml}. A path the user named is returned even when it does not
   * exist, so loading it reports the problem; the usual places count only when they hold a file.
   * Null when nothing is found, which is not an error: the CLI can run from flags alone.
   */
  static Path find(String explicit, Map<String, String> env, Path cwd, Path home) {
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit);
    }
    String fromEnv = env.get(ENV);
    if (fromEnv != null && !fromEnv.isBlank()) {
      return Path.of(fromEnv);
    }
    Path local = cwd.resolve(FILE_NAME);
    if (Files.isRegularFile(local)) {
      return local;
    }
    if (home != null) {
      Path user = home.resolve(".config").resolve("swiss").resolve(FILE_NAME);
      if (Files.isRegularFile(user)) {
        return user;
      }
    }
    return null;
  }
}
