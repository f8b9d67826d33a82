package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * {@code swiss serve} as a person runs it: what it refuses, and how it stops. Only {@link
 * OnACluster} needs the test cluster.
 */
class ServeCommandTest {
  @TempDir Path dir;

  @Test
  void aDatabasePathThatCannotBeCreatedIsRefusedNamingIt() throws IOException {
    Path notADirectory = Files.writeString(dir.resolve("occupied"), "a file, not a directory");
    Path config =
        config("  allowDeploy: true\n  database: " + notADirectory.resolve("swiss.db") + "\n");

    CliRun run = serve(config, "--addr", "127.0.0.1:0");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains(notADirectory.toString(), "server.database");
  }

  @Test
  // Were the directory accepted, swiss would start and serve until stopped: fail, do not hang.
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void aDatabaseInADirectoryOtherUsersMayWriteInIsRefusedAtStartNamingTheDirectory()
      throws IOException {
    Path shared = Files.createDirectory(dir.resolve("shared"));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    Path config = config("  allowDeploy: true\n  database: " + shared.resolve("swiss.db") + "\n");

    CliRun run = serve(config, "--addr", "127.0.0.1:0");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .contains("state directory " + shared, "writable by every user", "chmod 700 " + shared);
    assertThat(shared.resolve("swiss.db")).as("nothing written there").doesNotExist();
  }

  @Test
  void anUnknownLogLevelIsRefusedListingTheLevels() throws IOException {
    CliRun run = serve(config(""), "--addr", "127.0.0.1:0", "--log-level", "loud");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("--log-level loud", "error, warn, info, debug, trace");
  }

  @Test
  void theLogLevelSetsEverySwissLogger() throws IOException {
    Logger deploy = (Logger) LoggerFactory.getLogger("dev.modelsphere.swiss.deploy.ReleaseWrites");
    Logger server = (Logger) LoggerFactory.getLogger("dev.modelsphere.swiss.server.SwissServer");
    Level before = ((Logger) LoggerFactory.getLogger("dev.modelsphere.swiss")).getLevel();
    try {
      // The misspelt key stops the command after the flag is applied.
      serve(config("  allowDeploy: true\n  databse: typo\n"), "--log-level", "DEBUG");

      assertThat(deploy.getEffectiveLevel()).isEqualTo(Level.DEBUG);
      assertThat(server.getEffectiveLevel()).isEqualTo(Level.DEBUG);
    } finally {
      ((Logger) LoggerFactory.getLogger("dev.modelsphere.swiss")).setLevel(before);
      ((Logger) LoggerFactory.getLogger("dev.modelsphere.swiss.server")).setLevel(Level.INFO);
    }
  }

  @Test
  void anInvalidConfigIsRefusedNamingTheFileAndTheKey() throws IOException {
    Path config = config("  allowDeploy: true\n  databse: /tmp/typo.db\n");

    CliRun run = serve(config, "--addr", "127.0.0.1:0");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains(config.toString(), "databse");
  }

  @Test
  void missingLoginCredentialsAreRefusedSayingWhereToMountThem() throws IOException {
    Files.createDirectories(dir.resolve("empty-auth"));
    Path config =
        Files.writeString(
            dir.resolve("swiss.yaml"),
            "catalog: ./catalog\ncluster:\n  profile:\n    file: ./profile.yaml\n"
                + "server:\n  auth:\n    dir: ./empty-auth\n");

    CliRun run = serve(config, "--addr", "127.0.0.1:0");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("login credentials", "empty-auth", "server.auth.disabled");
  }

  @Test
  void aTakenPortIsRefusedNamingIt() throws IOException {
    Path config = config("");
    try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      String addr = "127.0.0.1:" + taken.getLocalPort();

      CliRun run = serve(config, "--addr", addr);

      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.err()).contains(addr, "in use");
    }
  }

  @Test
  void sigtermLetsARequestInFlightFinishThenStops() throws Exception {
    Path config = config("");
    try (SilentApiServer silentApiServer = new SilentApiServer()) {
      Path kubeconfig = kubeconfig(silentApiServer.port());
      Process process = startServe(config, kubeconfig);
      try {
        String banner = awaitOutput(process, "  login:");
        int port = port(banner);
        assertThat(banner)
            .contains("API server:  http://127.0.0.1:" + silentApiServer.port())
            .contains("deploys:     not allowed");
        HttpClient http = HttpClient.newHttpClient();
        // The API server never answers, so /readyz takes seconds: it is still running at SIGTERM
        // once its ping (GET /version) has reached the API server.
        long pingsBefore = silentApiServer.count("GET /version ");
        CompletableFuture<HttpResponse<String>> readyz =
            http.sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz")).build(),
                HttpResponse.BodyHandlers.ofString());
        await()
            .atMost(Duration.ofSeconds(30))
            .alias("/readyz pings the API server")
            .until(() -> silentApiServer.count("GET /version ") > pingsBefore);
        assertThat(readyz).as("/readyz waits for the API server").isNotDone();

        process.destroy();

        HttpResponse<String> answered = readyz.get(30, TimeUnit.SECONDS);
        assertThat(answered.statusCode()).isEqualTo(503);
        assertThat(answered.body()).contains("did not answer");
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(dir.resolve("serve.out"))).contains("swiss serve: stopped");
      } finally {
        process.destroyForcibly();
      }
    }
  }

  /** The one test here that needs the cluster: Helm has run inside the server. */
  @Nested
  @ClusterTest
  class OnACluster {
    @RegisterExtension static final KubeCluster cluster = new KubeCluster();

    /**
     * The Helm SDK's Go runtime subscribes to SIGTERM and SIGINT when Helm installs: the server
     * must still stop on SIGTERM afterwards, as a pod being deleted needs it to.
     */
    @Test
    void sigtermStillStopsTheServerAfterHelmHasRunInIt() throws Exception {
      String namespace = cluster.namespace();
      Files.writeString(
          dir.resolve("profile.yaml"),
          "name: t\nnamespace: %s\nchartPath: %s\nmodel:\n  pathTemplate: /models/{{name}}\n"
              .formatted(namespace, TestCharts.exampleCharts()));
      Path config =
          Files.writeString(
              dir.resolve("swiss.yaml"),
              ("catalog: %s\ncluster:\n  namespaces: [%s]\n  profile:\n    file: ./profile.yaml\n"
                      + "server:\n  allowDeploy: true\n  database: %s\n  auth:\n    disabled: true\n")
                  .formatted(
                      SharedFixtures.project().resolve("examples/catalog"),
                      namespace,
                      dir.resolve("swiss.db")));
      Process process = startServe(config, cluster.kubeconfig());
      try {
        int port = port(awaitOutput(process, "  login:"));
        HttpClient http = HttpClient.newHttpClient();
        String plan =
            post(
                http,
                port,
                "/api/plans",
                "{\"model\": \"smollm3-3b\", \"namespace\": \"%s\", \"release\": \"stop\"}"
                    .formatted(namespace));
        String hash = plan.replaceAll("(?s).*\"hash\": \"(sha256:[0-9a-f]+)\".*", "$1");
        assertThat(post(http, port, "/api/install", "{\"planHash\": \"%s\"}".formatted(hash)))
            .contains("\"revision\": 1");

        process.destroy();

        assertThat(process.waitFor(30, TimeUnit.SECONDS))
            .as(
                "swiss serve stopped on SIGTERM after helm ran: %s",
                Files.readString(dir.resolve("serve.err")))
            .isTrue();
        assertThat(Files.readString(dir.resolve("serve.out"))).contains("swiss serve: stopped");
      } finally {
        process.destroyForcibly();
      }
    }
  }

  @Test
  void withNoLoginAndDeploysAllowedItListensOnLoopbackOnlyAndSaysWhy() throws Exception {
    Path config = config("  allowDeploy: true\n  database: " + dir.resolve("swiss.db") + "\n");
    try (SilentApiServer silentApiServer = new SilentApiServer()) {
      Process process = startServe(config, kubeconfig(silentApiServer.port()), ":0");
      try {
        String banner = awaitOutput(process, "  login:");

        assertThat(banner).contains("listening on http://127.0.0.1:");
        assertThat(Files.readString(dir.resolve("serve.err")))
            .contains("listens on 127.0.0.1:0 only, not :0", "server.insecureListen");
      } finally {
        process.destroyForcibly();
      }
    }
  }

  private static String post(HttpClient http, int port, String path, String body) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as("POST %s: %s", path, r.body()).isEqualTo(200);
    return r.body();
  }

  private Path config(String serverYaml) throws IOException {
    Files.writeString(
        dir.resolve("profile.yaml"), "name: t\nmodel:\n  pathTemplate: /models/{{name}}\n");
    return Files.writeString(
        dir.resolve("swiss.yaml"),
        "catalog: ./catalog\ncluster:\n  profile:\n    file: ./profile.yaml\n"
            + "server:\n  auth:\n    disabled: true\n"
            + serverYaml);
  }

  private Path kubeconfig(int port) throws IOException {
    return Files.writeString(
        dir.resolve("kubeconfig"),
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: silent, cluster: {server: "http://127.0.0.1:%d"}}]
        users: [{name: nobody, user: {token: none}}]
        contexts: [{name: silent, context: {cluster: silent, user: nobody}}]
        current-context: silent
        """
            .formatted(port));
  }

  private CliRun serve(Path config, String... more) {
    List<String> args = new ArrayList<>(List.of("serve", "--config", config.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  /**
   * {@code swiss serve} as its own process on a free port, its output in the test's folder, on this
   * JVM's VM options (the unit profile's quicker JIT, say).
   */
  private Process startServe(Path config, Path kubeconfig) throws IOException {
    return startServe(config, kubeconfig, "127.0.0.1:0");
  }

  private Process startServe(Path config, Path kubeconfig, String addr) throws IOException {
    List<String> command = new ArrayList<>(List.of(javaBinary()));
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(option -> option.startsWith("-XX:"))
        .forEach(command::add);
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            Main.class.getName(),
            "serve",
            "--config",
            config.toString(),
            "--kubeconfig",
            kubeconfig.toString(),
            "--addr",
            addr));
    return new ProcessBuilder(command)
        .redirectOutput(dir.resolve("serve.out").toFile())
        .redirectError(dir.resolve("serve.err").toFile())
        .start();
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Standard output once it holds {@code text}; the process must not end first. */
  private String awaitOutput(Process process, String text) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      String out = Files.readString(dir.resolve("serve.out"));
      if (out.contains(text)) {
        return out;
      }
      if (!process.isAlive()) {
        throw new AssertionError(
            "swiss serve ended before printing %s: %s %s"
                .formatted(text, out, Files.readString(dir.resolve("serve.err"))));
      }
      Thread.sleep(100);
    }
    throw new AssertionError("swiss serve printed no %s within a minute".formatted(text));
  }

  private static int port(String banner) {
    Matcher m = Pattern.compile("listening on http://[^:]+:(\\d+)").matcher(banner);
    assertThat(m.find()).as("the banner names the port: %s", banner).isTrue();
    return Integer.parseInt(m.group(1));
  }

  /**
   * An API server that never answers {@code GET /version} (the readiness ping): a call to it hangs
   * until the client gives up. Every other request is answered at once with a 404, as an API server
   * without swiss's CRDs answers discovery: a server that hung on those too kept swiss serve's
   * start waiting out the client's 10 s request timeout before its banner, which this test does not
   * need.
   */
  private static final class SilentApiServer implements AutoCloseable {
    private static final byte[] NOT_FOUND =
        ("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 65\r\n\r\n"
                + "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"code\":404}")
            .getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket socket =
        new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    SilentApiServer() throws IOException {
      Thread acceptor = new Thread(this::accept, "silent-api-server");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    /** How many requests so far began with {@code prefix}, e.g. {@code "GET /version "}. */
    long count(String prefix) {
      return requests.stream().filter(r -> r.startsWith(prefix)).count();
    }

    private void accept() {
      while (!socket.isClosed()) {
        try {
          Socket connection = socket.accept();
          held.add(connection);
          Thread reader = new Thread(() -> serve(connection), "silent-api-request");
          reader.setDaemon(true);
          reader.start();
        } catch (IOException closed) {
          return;
        }
      }
    }

    /** Answers the connection's requests one after another until one is the ping. */
    private void serve(Socket connection) {
      try {
        BufferedReader in =
            new BufferedReader(
                new InputStreamReader(connection.getInputStream(), StandardCharsets.ISO_8859_1));
        String line;
        while ((line = in.readLine()) != null) {
          requests.add(line);
          long bodyLength = skipHeaders(in);
          if (line.startsWith("GET /version ")) {
            return;
          }
          in.skip(bodyLength);
          connection.getOutputStream().write(NOT_FOUND);
          connection.getOutputStream().flush();
        }
      } catch (IOException gone) {
        // The client gave up, or the test closed the server.
      }
    }

    /** Reads the headers up to the blank line; the body's length, 0 when none is announced. */
    private static long skipHeaders(BufferedReader in) throws IOException {
      long length = 0;
      String header;
      while ((header = in.readLine()) != null && !header.isEmpty()) {
        if (header.regionMatches(true, 0, "Content-Length:", 0, 15)) {
          length = Long.parseLong(header.substring(15).trim());
        }
      }
      return length;
    }

    @Override
    public void close() throws IOException {
      socket.close();
      for (Socket connection : held) {
        connection.close();
      }
    }
  }
}
