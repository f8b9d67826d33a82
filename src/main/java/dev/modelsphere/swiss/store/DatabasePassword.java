package dev.modelsphere.swiss.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a PostgreSQL password comes from: never the config document, which may be shown or
 * committed; the environment, or a file the environment names (a mounted Secret).
 */
public record DatabasePassword(Map<String, String> environment) {

  public static DatabasePassword fromEnvironment() {
    return new DatabasePassword(System.getenv());
  }

  /**
   * {@code SWISS_DATABASE_PASSWORD}, else the contents of the file {@code
   * SWISS_DATABASE_PASSWORD_FILE} names (its last line break dropped), else empty.
   *
   * @throws StoreException when the named file cannot be read
   */
  public String read() {
    String direct = environment.getOrDefault(Store.PASSWORD_VARIABLE, "");
    if (!direct.isEmpty()) {
      return direct;
    }
    String file = environment.getOrDefault(Store.PASSWORD_FILE_VARIABLE, "");
    if (file.isEmpty()) {
      return "";
    }
    try {
      return Files.readString(Path.of(file), StandardCharsets.UTF_8).replaceFirst("\\R\\z", "");
    } catch (IOException e) {
      throw new StoreException(
          "cannot read the database password from %s (%s): %s"
              .formatted(file, Store.PASSWORD_FILE_VARIABLE, e.getMessage()),
          e);
    }
  }
}
