package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.testing.PostgresServer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which database the test servers keep their plans and runs in: the SQLite file each test's config
 * names, or, with {@code -Dswiss.test.store=postgres} (what {@code hack/test --store postgres}
 * passes), a database of its own on the JVM's real PostgreSQL server in its place. The same tests
 * then show the server works the same on both.
 */
final class TestStore {
  static final String PROPERTY = "swiss.test.store";

  private static final Pattern SQLITE_FILE =
      Pattern.compile("(?m)^(\\s*database:\\s*)(\\S+\\.db)$");

  private TestStore() {}

  static boolean postgres() {
    return "postgres".equals(System.getProperty(PROPERTY, "sqlite"));
  }

  /**
   * The {@code server:} section, its SQLite file swapped for a new PostgreSQL database when asked.
   */
  static String database(String serverYaml) {
    if (!postgres()) {
      return serverYaml;
    }
    Matcher file = SQLITE_FILE.matcher(serverYaml);
    return file.find()
        ? file.replaceFirst(
            Matcher.quoteReplacement(file.group(1) + PostgresServer.shared().newDatabase("server")))
        : serverYaml;
  }

  /** The options, with the test server's PostgreSQL password when the store is PostgreSQL. */
  static ServerOptions options(ServerOptions options) {
    return postgres()
        ? options.withDatabasePassword(new DatabasePassword(PostgresServer.passwordEnvironment()))
        : options;
  }
}
