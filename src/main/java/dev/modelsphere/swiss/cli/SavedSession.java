package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * The session {@code swiss login} keeps: which server, as whom, and its token, in the user's config
 * directory, readable by the user alone. The token is never printed.
 *
 * @param server the server's base URL, without a trailing slash
 */
record SavedSession(String server, String user, String token) {
  /** Where tests put it instead of the user's home (surefire sets one per fork). */
  static final String HOME_PROPERTY = "swiss.configHome";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** {@code $XDG_CONFIG_HOME/swiss}, else {@code ~/.config/swiss}. */
  static Path directory() {
    String home = System.getProperty(HOME_PROPERTY);
    if (home != null && !home.isBlank()) {
      return Path.of(home);
    }
    String xdg = System.getenv("XDG_CONFIG_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".config");
    return base.resolve("swiss");
  }

  static Path file() {
    return directory().resolve("session.json");
  }

  static Optional<SavedSession> load() {
    Path file = file();
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(file.toFile(), SavedSession.class));
    } catch (IOException e) {
      throw new CliException(
          "cannot read the saved session %s (%s): swiss logout removes it"
              .formatted(file, e.getMessage()));
    }
  }

  /** Writes it with mode 0600 from the start, so the token is never readable by others. */
  void save() {
    Path file = file();
    try {
      Files.createDirectories(file.getParent());
      Path fresh = file.resolveSibling("session.json.new");
      Files.deleteIfExists(fresh);
      Files.createFile(
          fresh,
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.write(fresh, JSON.writeValueAsBytes(this), StandardOpenOption.TRUNCATE_EXISTING);
      Files.move(fresh, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new CliException("cannot save the session in %s: %s".formatted(file, e.getMessage()));
    }
  }

  static boolean delete() {
    try {
      return Files.deleteIfExists(file());
    } catch (IOException e) {
      throw new CliException("cannot remove %s: %s".formatted(file(), e.getMessage()));
    }
  }
}
