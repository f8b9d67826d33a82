package dev.modelsphere.swiss.store;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A PostgreSQL server as {@code server.database} names it, the way libpq spells it: {@code
 * postgres://user@host:port/database?sslmode=require}. The password is never part of it: it comes
 * from the environment or a file, so the config document can be shown and committed.
 *
 * @param jdbc the driver's URL: host, port, database and query parameters
 * @param user the role to connect as
 */
public record PostgresUrl(String jdbc, String user) {

  /** Whether {@code database} names a PostgreSQL server rather than a SQLite file. */
  public static boolean names(String database) {
    return database.startsWith("postgres://") || database.startsWith("postgresql://");
  }

  /**
   * @throws StoreException for a URL without a user, host or database, or with a password in it
   */
  public static PostgresUrl parse(String database) {
    URI uri;
    try {
      uri = new URI(database);
    } catch (URISyntaxException e) {
      throw invalid(database, e.getMessage());
    }
    String userInfo = uri.getRawUserInfo();
    if (userInfo == null || userInfo.isEmpty()) {
      throw invalid(database, "it names no user (postgres://USER@host:5432/swiss)");
    }
    if (userInfo.contains(":")) {
      throw new StoreException(
          "server.database holds a password: take it out of the URL and put it in the environment"
              + " variable SWISS_DATABASE_PASSWORD, or in a file named by"
              + " SWISS_DATABASE_PASSWORD_FILE");
    }
    String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceFirst("^/", "");
    if (uri.getHost() == null || path.isEmpty() || path.contains("/")) {
      throw invalid(database, "it needs a host and one database name (postgres://user@HOST/DB)");
    }
    String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
    String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
    return new PostgresUrl(
        "jdbc:postgresql://" + uri.getHost() + port + "/" + path + query,
        java.net.URLDecoder.decode(userInfo, java.nio.charset.StandardCharsets.UTF_8));
  }

  /** The server as messages name it. */
  public String name() {
    return user + "@" + jdbc.substring("jdbc:".length());
  }

  private static StoreException invalid(String database, String why) {
    return new StoreException(
        "server.database %s is not a PostgreSQL URL: %s".formatted(database, why));
  }
}
