package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.MovableClock;
import dev.modelsphere.swiss.testing.SharedFixtures;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.UnaryOperator;
import org.awaitility.Awaitility;

/**
 * One real {@code swiss serve} on a free loopback port, configured by a config file written for the
 * test, with a clock the test can move. Every JSON answer it receives is checked against {@code
 * docs/openapi.yaml}.
 */
public final class TestServer implements AutoCloseable {
  public static final String USER = "admin";
  public static final String PASSWORD = "correct horse battery staple";
  public static final String PROXY_KEY = "proxy-key-0123456789abcdef0123456789";

  /** A {@code server:} section for a server that deploys, keeps its runs, and asks no login. */
  public static final String DEPLOYING_WITHOUT_LOGIN =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    disabled: true\n";

  /**
   * A {@code security:} block for a {@code server:} section, for tests whose upstreams (a simulated
   * model or SLO server) listen on loopback: loopback allowed, and the Secrets the profile names
   * sent to {@code secretDestinations} (origins such as {@code http://127.0.0.1:4321}).
   */
  public static String loopbackUpstreams(String... secretDestinations) {
    StringBuilder yaml = new StringBuilder("  security:\n    allowLoopbackUpstreams: true\n");
    yaml.append("    secretDestinations:").append(secretDestinations.length == 0 ? " []\n" : "\n");
    for (String destination : secretDestinations) {
      yaml.append("      - ").append(destination).append('\n');
    }
    return yaml.toString();
  }

  /** The site profile a test gets unless it brings its own. */
  public static final String DEFAULT_PROFILE =
      "name: test-site\nnamespace: models\nmodel:\n  pathTemplate: /models/{{name}}\n";

  /** The fixture model catalog as the config's catalog, and the profile in {@code profile.yaml}. */
  public static final String FIXTURE_SITE =
      "catalog: %s\ncluster:\n  profile:\n    file: ./profile.yaml\n"
          .formatted(SharedFixtures.modelCatalog());

  private final SwissServer server;

  /** The prefix a proxy may leave on paths ({@code server.basePath}); the document has none. */
  private final String basePath;

  private final HttpClient http = HttpClient.newHttpClient();
  final MovableClock clock;
  final Path dir;

  private TestServer(SwissServer server, MovableClock clock, Path dir, String basePath) {
    this.server = server;
    this.basePath = basePath;
    this.clock = clock;
    this.dir = dir;
  }

  /**
   * @param serverYaml the config's {@code server:} section, indented by two spaces; {@code ${dir}}
   *     stands for the test's folder (the database path is relative to the process, not to the
   *     config file, so a relative one would land in the checkout)
   */
  public static TestServer start(Path dir, String serverYaml, KubernetesClient client) {
    return start(dir, serverYaml, client, "test-web");
  }

  public static TestServer start(
      Path dir, String serverYaml, KubernetesClient client, String webRoot) {
    return start(dir, FIXTURE_SITE, serverYaml, DEFAULT_PROFILE, client, o -> o, webRoot);
  }

  /**
   * A server with its own site profile and options.
   *
   * @param profileYaml the site profile, written to the file the config names
   * @param options changes the test makes to the options (the server's namespace, where Services
   *     are reached)
   */
  public static TestServer start(
      Path dir,
      String serverYaml,
      String profileYaml,
      KubernetesClient client,
      UnaryOperator<ServerOptions> options) {
    return start(dir, FIXTURE_SITE, serverYaml, profileYaml, client, options, "test-web");
  }

  /**
   * A server scoped to the test's own namespace on the test cluster, as the admin, with Helm wired
   * to the same cluster: what the release routes need.
   */
  public static TestServer onCluster(Path dir, KubeCluster cluster, String serverYaml) {
    return onCluster(dir, cluster, cluster.admin(), serverYaml);
  }

  /** The same, talking to the API server through {@code client} (a counting one, say). */
  public static TestServer onCluster(
      Path dir, KubeCluster cluster, KubernetesClient client, String serverYaml) {
    return onCluster(
        dir,
        cluster,
        client,
        serverYaml,
        SharedFixtures.modelCatalog().toString(),
        DEFAULT_PROFILE);
  }

  /**
   * A deploying server on the test's namespace with our demo catalog ({@code examples/catalog}) and
   * charts ({@code examples/charts}, through the profile's {@code chartPath}).
   *
   * @param serverYaml the config's {@code server:} section, as for {@link #start}
   */
  public static TestServer onDemoSite(Path dir, KubeCluster cluster, String serverYaml) {
    return onDemoSite(dir, cluster, cluster.admin(), cluster.kubeconfig(), serverYaml);
  }

  /**
   * The same, as the user of {@code client}, whose kubeconfig Helm connects with: a restricted
   * user's server, say.
   */
  public static TestServer onDemoSite(
      Path dir,
      KubeCluster cluster,
      KubernetesClient client,
      Path helmKubeconfig,
      String serverYaml) {
    return onClusterAs(
        dir,
        cluster,
        client,
        read(helmKubeconfig),
        serverYaml,
        DEMO_CATALOG,
        DEMO_PROFILE,
        cluster.namespace(),
        "test-web",
        o -> o);
  }

  /** The same, with changes to the options (shorter deploy times, say). */
  public static TestServer onDemoSite(
      Path dir, KubeCluster cluster, String serverYaml, UnaryOperator<ServerOptions> options) {
    return demoSite(
        dir, cluster, cluster.namespace(), serverYaml, DEMO_PROFILE, "test-web", options);
  }

  /**
   * The same on {@code namespace}, serving the UI under classpath directory {@code webRoot}: {@code
   * "web"} is the real UI as the build put it in {@code target/classes/web}.
   */
  public static TestServer onDemoSite(
      Path dir, KubeCluster cluster, String namespace, String serverYaml, String webRoot) {
    return demoSite(dir, cluster, namespace, serverYaml, DEMO_PROFILE, webRoot, o -> o);
  }

  /**
   * Our demo catalog on {@code namespace} under {@code profileYaml} (the demo's profile with more
   * rules, one that requires approval, say), serving the test UI.
   */
  public static TestServer onDemoSiteWithProfile(
      Path dir, KubeCluster cluster, String namespace, String serverYaml, String profileYaml) {
    return demoSite(dir, cluster, namespace, serverYaml, profileYaml, "test-web", o -> o);
  }

  private static TestServer demoSite(
      Path dir,
      KubeCluster cluster,
      String namespace,
      String serverYaml,
      String profileYaml,
      String webRoot,
      UnaryOperator<ServerOptions> options) {
    return onClusterAs(
        dir,
        cluster,
        cluster.admin(),
        read(cluster.kubeconfig()),
        serverYaml,
        DEMO_CATALOG,
        profileYaml,
        namespace,
        webRoot,
        options);
  }

  /** The same, with changes to the options (a shorter event heartbeat, say). */
  public static TestServer onCluster(
      Path dir, KubeCluster cluster, String serverYaml, UnaryOperator<ServerOptions> options) {
    return onClusterAs(
        dir,
        cluster,
        cluster.admin(),
        read(cluster.kubeconfig()),
        serverYaml,
        SharedFixtures.modelCatalog().toString(),
        DEFAULT_PROFILE,
        cluster.namespace(),
        "test-web",
        options);
  }

  /** Our demo catalog and the demo site's profile: our example charts through {@code chartPath}. */
  public static final String DEMO_CATALOG =
      SharedFixtures.project().resolve("examples/catalog").toString();

  public static final String DEMO_PROFILE =
      """
      name: test-site
      namespace: models
      chartPath: %s
      model:
        pathTemplate: /models/{{org}}/{{name}}
      """
          .formatted(TestCharts.exampleCharts());

  /** The same, with its own catalog and site profile. */
  public static TestServer onCluster(
      Path dir,
      KubeCluster cluster,
      KubernetesClient client,
      String serverYaml,
      String catalog,
      String profileYaml) {
    return onClusterAs(
        dir, cluster, client, read(cluster.kubeconfig()), serverYaml, catalog, profileYaml);
  }

  /**
   * The same, with Helm connecting through {@code helmKubeconfig} (a document, not a file): the
   * user and the address of {@code client}, when that is not the admin's direct one.
   */
  public static TestServer onClusterAs(
      Path dir,
      KubeCluster cluster,
      KubernetesClient client,
      String helmKubeconfig,
      String serverYaml,
      String catalog,
      String profileYaml) {
    return onClusterAs(
        dir,
        cluster,
        client,
        helmKubeconfig,
        serverYaml,
        catalog,
        profileYaml,
        cluster.namespace(),
        "test-web",
        o -> o);
  }

  private static TestServer onClusterAs(
      Path dir,
      KubeCluster cluster,
      KubernetesClient client,
      String helmKubeconfig,
      String serverYaml,
      String catalog,
      String profileYaml,
      String namespace,
      String webRoot,
      UnaryOperator<ServerOptions> options) {
    String site =
        "catalog: %s\ncluster:\n  namespaces: [%s]\n  profile:\n    file: ./profile.yaml\n"
            .formatted(catalog, namespace);
    TestServer server =
        start(
            dir,
            site,
            serverYaml,
            profileYaml,
            client,
            o -> options.apply(o.withHelmKubeConfig(helmKubeconfig)),
            webRoot);
    return server.awaitReady();
  }

  /**
   * Waits until {@code /readyz} answers 200: the watches have their first lists, so lists, GPU
   * checks and preflight see the cluster as it is, as a client behind a readiness probe would.
   */
  public TestServer awaitReady() {
    Awaitility.await()
        .alias("swiss serve ready")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> get("/readyz").status() == 200);
    return this;
  }

  public Reply delete(String path, String... headers) {
    return send("DELETE", path, HttpRequest.BodyPublishers.noBody(), headers);
  }

  /**
   * @param siteYaml the config's {@code catalog:} and {@code cluster:} sections, unindented; the
   *     test writes whatever profile they name
   */
  public static TestServer start(
      Path dir, String siteYaml, String serverYaml, KubernetesClient client, String webRoot) {
    return start(dir, siteYaml, serverYaml, null, client, o -> o, webRoot);
  }

  private static TestServer start(
      Path dir,
      String siteYaml,
      String serverYaml,
      String profileYaml,
      KubernetesClient client,
      UnaryOperator<ServerOptions> options,
      String webRoot) {
    // Today, not a fixed date: a real browser drops a session cookie whose Expires (the token's
    // expiry by this clock) is already past by its own clock.
    MovableClock clock = new MovableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    writeCredentials(dir.resolve("auth"));
    if (profileYaml != null) {
      write(dir.resolve("profile.yaml"), profileYaml);
    }
    write(
        dir.resolve("swiss.yaml"),
        siteYaml + "server:\n" + TestStore.database(serverYaml.replace("${dir}", dir.toString())));
    Config config = Config.load(dir.resolve("swiss.yaml"));
    config.validateServer();
    SwissServer server =
        SwissServer.assemble(
                config,
                client,
                TestStore.options(
                    options.apply(new ServerOptions("test", clock, Duration.ZERO, webRoot))))
            .start(ListenAddress.parse("127.0.0.1:0"));
    return new TestServer(server, clock, dir, config.server().basePath());
  }

  /**
   * A server of a whole config file, as {@code swiss serve --config} loads it, talking to the API
   * server through {@code client}: a pod's config and its service account's token, say.
   */
  public static TestServer fromConfig(
      Path configFile, KubernetesClient client, UnaryOperator<ServerOptions> options) {
    MovableClock clock = new MovableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    Config config = Config.load(configFile);
    config.validateServer();
    SwissServer server =
        SwissServer.assemble(
                config,
                client,
                options.apply(new ServerOptions("test", clock, Duration.ZERO, "test-web")))
            .start(ListenAddress.parse("127.0.0.1:0"));
    return new TestServer(server, clock, configFile.getParent(), config.server().basePath());
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** An answer's body as a JSON tree, for tests that read a few members of it. */
  public static JsonNode json(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public SwissServer server() {
    return server;
  }

  /** Where a browser reaches this server. */
  public String url() {
    return "http://127.0.0.1:" + server.port();
  }

  public Reply get(String path, String... headers) {
    return send("GET", path, HttpRequest.BodyPublishers.noBody(), headers);
  }

  public Reply put(String path, String json, String... headers) {
    return send("PUT", path, HttpRequest.BodyPublishers.ofString(json), headers);
  }

  public Reply post(String path, String json, String... headers) {
    return send("POST", path, HttpRequest.BodyPublishers.ofString(json), headers);
  }

  public Reply login(String user, String password) {
    return post(
        "/api/login",
        "{\"username\": \"%s\", \"password\": \"%s\"}".formatted(user, password),
        "X-Forwarded-For",
        "192.0.2." + Math.abs(user.hashCode() % 200));
  }

  /** The address of {@code path} on this server. */
  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.port() + path);
  }

  /** POSTs a plan request and answers the composed plan's hash, failing the test unless 200. */
  public String planHash(String requestJson, String... headers) {
    return post("/api/plans", requestJson, headers).ok().path("hash").asText();
  }

  /**
   * The status of a GET whose body may never end ({@code /api/events}): the answer's head is read,
   * then the connection closed.
   */
  public int streamStatus(String path, String... headers) {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    try {
      HttpResponse<java.io.InputStream> r =
          http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      r.body().close();
      return r.statusCode();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private String withoutBasePath(String path) {
    if (basePath.isEmpty() || !(path.equals(basePath) || path.startsWith(basePath + "/"))) {
      return path;
    }
    return path.length() == basePath.length() ? "/" : path.substring(basePath.length());
  }

  /**
   * Sends {@code body} as JSON ({@code Content-Type: application/json}, as every client of the API
   * does) unless {@code headers} name a Content-Type of their own.
   */
  public Reply send(String method, String path, HttpRequest.BodyPublisher body, String... headers) {
    return sendVia(uri(path), withoutBasePath(URI.create(path).getPath()), method, body, headers);
  }

  /**
   * Sends as {@link #send} does, to {@code address}: this server through a proxy that maps paths
   * its own way. Its JSON answers are checked as answers of {@code servedPath}, the path the server
   * receives.
   */
  public Reply sendVia(
      URI address,
      String servedPath,
      String method,
      HttpRequest.BodyPublisher body,
      String... headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(address).timeout(Duration.ofSeconds(30)).method(method, body);
    boolean typed = false;
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
      typed |= headers[i].equalsIgnoreCase("Content-Type");
    }
    if (!typed && body.contentLength() != 0) {
      request.header("Content-Type", "application/json");
    }
    try {
      HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      Reply reply =
          new Reply(
              r.statusCode(),
              r.headers().allValues("Set-Cookie"),
              contentType(r),
              r.body(),
              r.headers());
      if (reply.isJson()) {
        assertThat(OpenApiContract.get().problems(method, servedPath, r.statusCode(), r.body()))
            .as("%s %s answered %d %s", method, address, r.statusCode(), r.body())
            .isEmpty();
      }
      return reply;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    server.stop();
  }

  /** An HTTP answer. */
  public record Reply(
      int status,
      List<String> setCookies,
      String contentType,
      String body,
      java.net.http.HttpHeaders headers) {
    boolean isJson() {
      return contentType.startsWith("application/json");
    }

    /** The answer's JSON, failing the test (with the answer in the message) unless it is a 200. */
    public JsonNode ok() {
      assertThat(status).as("answered %d %s", status, body).isEqualTo(200);
      return json(body);
    }

    /** The first value of the response header {@code name}; empty when absent. */
    public String header(String name) {
      return headers.firstValue(name).orElse("");
    }

    /** The token in this answer's {@code swiss_session} cookie. */
    public String sessionCookie() {
      return setCookies.stream()
          .filter(c -> c.startsWith("swiss_session="))
          .map(c -> c.substring("swiss_session=".length(), c.indexOf(';')))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no session cookie in " + setCookies));
    }
  }

  static void writeCredentials(Path auth) {
    write(auth.resolve("username"), USER + "\n");
    write(auth.resolve("password"), PASSWORD + "\n");
    write(auth.resolve("proxyKey"), PROXY_KEY);
  }

  static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String contentType(HttpResponse<?> r) {
    return r.headers().firstValue("Content-Type").orElse("");
  }
}
