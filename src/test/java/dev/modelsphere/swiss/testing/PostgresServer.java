package dev.modelsphere.swiss.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server on loopback for the tests of one JVM, started from Debian's binaries on
 * first use and stopped when the JVM exits: {@code initdb} into a directory of its own, a free
 * port, password logins over TCP. Each test takes a database of its own ({@link #newDatabase}), as
 * each takes a namespace of its own on the shared cluster.
 *
 * <p>The server runs as the {@code postgres} user when the tests run as root (PostgreSQL refuses to
 * run as root).
 */
public final class PostgresServer {
  /** The superuser's password; every TCP login needs one, as on a real server. */
  public static final String PASSWORD = "swiss-test-password";

  private static final String SUPERUSER = "postgres";
  private static PostgresServer shared;

  private final Path dataDir;
  private final int port;

  private PostgresServer(Path dataDir, int port) {
    this.dataDir = dataDir;
    this.port = port;
  }

  /** The JVM's server, started on first use. */
  public static synchronized PostgresServer shared() {
    if (shared == null) {
      shared = start();
    }
    return shared;
  }

  /**
   * A server of the caller's own, for a test that stops it: an outage of the shared one would fail
   * the other tests of the JVM. Stopped when the JVM exits, if the test has not.
   */
  public static PostgresServer ownServer() {
    return start();
  }

  /**
   * A new, empty database on the server.
   *
   * @return its URL as {@code server.database} takes it, without the password
   */
  public String newDatabase(String hint) {
    String name =
        hint.replaceAll("[^A-Za-z0-9]", "_").toLowerCase(Locale.ROOT)
            + "_"
            + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20, 1 << 30), 36);
    execute("CREATE DATABASE " + name);
    return url(name);
  }

  /** The URL of database {@code name}, without the password. */
  public String url(String name) {
    return "postgres://%s@127.0.0.1:%d/%s".formatted(SUPERUSER, port, name);
  }

  /** The environment a store reads its password from. */
  public static Map<String, String> passwordEnvironment() {
    return Map.of("SWISS_DATABASE_PASSWORD", PASSWORD);
  }

  public int port() {
    return port;
  }

  /** Runs SQL as the superuser on the {@code postgres} database. */
  public void execute(String... sql) {
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:%d/postgres".formatted(port), SUPERUSER, PASSWORD);
        Statement s = c.createStatement()) {
      for (String statement : sql) {
        s.execute(statement);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("postgres: " + e.getMessage(), e);
    }
  }

  /** Stops the server, as an outage would; {@link #resume} brings it back on the same port. */
  public void stop() {
    pgCtl("stop", "-m", "fast", "-w");
  }

  public void resume() {
    pgCtl(
        "start",
        "-w",
        "-l",
        dataDir.resolveSibling("server.log").toString(),
        "-o",
        "-p %d -c listen_addresses=127.0.0.1 -k %s".formatted(port, dataDir.getParent()));
  }

  private static PostgresServer start() {
    try {
      Path root = Files.createTempDirectory("swiss-postgres-");
      Path data = root.resolve("data");
      Path pwfile = root.resolve("pwfile");
      Files.writeString(pwfile, PASSWORD + "\n", StandardCharsets.UTF_8);
      ownedByServerUser(root);
      run(
          List.of(
              bin("initdb"),
              "-D",
              data.toString(),
              "-U",
              SUPERUSER,
              "--pwfile",
              pwfile.toString(),
              "--auth-host=scram-sha-256",
              "--auth-local=trust",
              "--no-sync"));
      PostgresServer server = new PostgresServer(data, freePort());
      // Durability is not what these tests are about; fsync off keeps a 2-core machine quick.
      Files.writeString(
          data.resolve("postgresql.auto.conf"),
          "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n",
          StandardCharsets.UTF_8);
      server.resume();
      Runtime.getRuntime().addShutdownHook(new Thread(server::stopQuietly, "postgres-stop"));
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("postgres: cannot start a test server", e);
    }
  }

  private void stopQuietly() {
    try {
      stop();
    } catch (RuntimeException alreadyStopped) {
      // The JVM is exiting: a server that is already down is what we wanted.
    }
  }

  private void pgCtl(String... args) {
    List<String> command = new ArrayList<>(List.of(bin("pg_ctl"), "-D", dataDir.toString()));
    command.addAll(List.of(args));
    run(command);
  }

  /** Debian keeps the server binaries out of PATH, under the major version's directory. */
  private static String bin(String name) {
    try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
      return versions
          .map(v -> v.resolve("bin").resolve(name))
          .filter(Files::isExecutable)
          .max(Path::compareTo)
          .orElseThrow(() -> new IllegalStateException("postgres: no " + name + " installed"))
          .toString();
    } catch (IOException e) {
      throw new IllegalStateException(
          "postgres: no server binaries under /usr/lib/postgresql (apt-get install postgresql)", e);
    }
  }

  private static boolean root() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void ownedByServerUser(Path root) {
    if (root()) {
      runAs(false, List.of("chown", "-R", SUPERUSER + ":", root.toString()));
    }
  }

  /** Runs a server binary, as the server's user when the tests run as root. */
  private static void run(List<String> command) {
    runAs(true, command);
  }

  private static void runAs(boolean serverUser, List<String> command) {
    List<String> full = new ArrayList<>();
    if (serverUser && root()) {
      full.addAll(List.of("runuser", "-u", SUPERUSER, "--"));
    }
    full.addAll(command);
    try {
      Process process = new ProcessBuilder(full).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(Duration.ofMinutes(1).toSeconds(), TimeUnit.SECONDS)
          || process.exitValue() != 0) {
        throw new IllegalStateException(
            "postgres: %s failed:%n%s".formatted(String.join(" ", command), output));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
