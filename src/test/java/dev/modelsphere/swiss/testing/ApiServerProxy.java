package dev.modelsphere.swiss.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A plain-HTTP proxy on a free loopback port in front of the test cluster's real API server, for
 * what a test cannot make the API server itself do at the right moment:
 *
 * <ul>
 *   <li>{@link #before} runs the test's action when a matching request arrives, before it is
 *       forwarded: another party's write lands between swiss's read and its write, for real;
 *   <li>{@link #freeze} makes the API server stop answering, as a hung one does: requests are held
 *       and answers in flight stop mid-stream, connections stay open; {@link #thaw} lets everything
 *       go on. The shared API server itself is never paused.
 * </ul>
 *
 * <p>Whatever a client sends, the proxy authenticates as the admin (a client may not send its token
 * over plain HTTP at all).
 */
public final class ApiServerProxy implements AutoCloseable {
  /** Headers the JDK client sets itself and refuses to be given. */
  private static final Set<String> HOP_BY_HOP =
      Set.of("connection", "content-length", "expect", "host", "upgrade", "transfer-encoding");

  /** Replaced by the admin's. */
  private static final String AUTHORIZATION = "authorization";

  /** One request as it arrived; {@code query} is empty when it had none. */
  public record Request(String method, String path, String query) {

    /** {@code GET /api/v1/namespaces/a/secrets?labelSelector=...}, as a log would show it. */
    public String line() {
      return method + " " + path + (query.isEmpty() ? "" : "?" + query);
    }
  }

  private record Action(Predicate<Request> matches, Runnable action) {}

  private final String upstream;
  private final String token;
  private final HttpClient forwarder;
  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final List<Action> actions = new CopyOnWriteArrayList<>();
  private final List<Request> received = new CopyOnWriteArrayList<>();
  private final Object gate = new Object();
  private boolean frozen;

  public ApiServerProxy(TestCluster cluster) {
    Config admin = adminConfig(cluster);
    this.upstream = admin.getMasterUrl().replaceAll("/+$", "");
    // A kubeconfig's token is read as the "auto" token, the one fabric8 may refresh.
    this.token = admin.getOauthToken() != null ? admin.getOauthToken() : admin.getAutoOAuthToken();
    this.forwarder =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .sslContext(trusting(admin.getCaCertData()))
            .build();
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", this::forward);
    server.setExecutor(threads);
    server.start();
  }

  /** {@code http://127.0.0.1:<port>}. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** An admin client that talks to the API server through this proxy. */
  public KubernetesClient client() {
    return new KubernetesClientBuilder()
        .withConfig(new ConfigBuilder().withMasterUrl(url()).withOauthToken(token).build())
        .build();
  }

  /** A kubeconfig document for the admin through this proxy, for Helm. */
  public String kubeconfig() {
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: proxied
          cluster:
            server: %s
        users:
        - name: admin
          user:
            token: %s
        contexts:
        - name: admin@proxied
          context:
            cluster: proxied
            user: admin
        current-context: admin@proxied
        """
        .formatted(url(), token);
  }

  /**
   * Runs {@code action} before every matching request is forwarded, until the proxy closes. An
   * action that {@link #freeze() freezes} the proxy holds back the request that ran it too.
   */
  public void before(Predicate<Request> matches, Runnable action) {
    actions.add(new Action(matches, action));
  }

  /** The requests received so far, oldest first. */
  public List<Request> received() {
    return List.copyOf(received);
  }

  /** From now on the API server seems to hang: nothing goes through until {@link #thaw()}. */
  public void freeze() {
    synchronized (gate) {
      frozen = true;
    }
  }

  public void thaw() {
    synchronized (gate) {
      frozen = false;
      gate.notifyAll();
    }
  }

  private void awaitThaw() {
    synchronized (gate) {
      while (frozen) {
        try {
          gate.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private void forward(HttpExchange exchange) throws IOException {
    Request request =
        new Request(
            exchange.getRequestMethod(),
            exchange.getRequestURI().getRawPath(),
            Objects.requireNonNullElse(exchange.getRequestURI().getRawQuery(), ""));
    received.add(request);
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      for (Action action : actions) {
        if (action.matches().test(request)) {
          action.action().run();
        }
      }
      awaitThaw();
      HttpResponse<InputStream> answer = send(exchange, body);
      answer
          .headers()
          .map()
          .forEach(
              (name, values) -> {
                if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                  exchange.getResponseHeaders().put(name, values);
                }
              });
      long length = answer.headers().firstValueAsLong("content-length").orElse(0);
      boolean empty = length == 0 && answer.headers().firstValue("content-length").isPresent();
      exchange.sendResponseHeaders(answer.statusCode(), empty ? -1 : length);
      copy(answer.body(), exchange.getResponseBody());
    } catch (IOException e) {
      // The client went away, or the API server did: there is no one left to answer.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private HttpResponse<InputStream> send(HttpExchange exchange, byte[] body)
      throws IOException, InterruptedException {
    HttpRequest.Builder out =
        HttpRequest.newBuilder(URI.create(upstream + exchange.getRequestURI()))
            .method(
                exchange.getRequestMethod(),
                body.length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(body)));
    exchange
        .getRequestHeaders()
        .forEach(
            (name, values) -> {
              String lower = name.toLowerCase(Locale.ROOT);
              if (!HOP_BY_HOP.contains(lower) && !lower.equals(AUTHORIZATION)) {
                values.forEach(value -> out.header(name, value));
              }
            });
    out.header("Authorization", "Bearer " + token);
    return forwarder.send(out.build(), HttpResponse.BodyHandlers.ofInputStream());
  }

  /** Copies as it arrives, so a watch streams; stops while frozen. */
  private void copy(InputStream in, OutputStream out) throws IOException {
    try (in) {
      byte[] buffer = new byte[8192];
      int n;
      while ((n = in.read(buffer)) >= 0) {
        awaitThaw();
        out.write(buffer, 0, n);
        out.flush();
      }
    }
  }

  private static Config adminConfig(TestCluster cluster) {
    try {
      return Config.fromKubeconfig(Files.readString(cluster.kubeconfig("admin")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static SSLContext trusting(String caData) {
    try {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      byte[] pem = Base64.getDecoder().decode(caData.getBytes(StandardCharsets.US_ASCII));
      int i = 0;
      for (var cert :
          CertificateFactory.getInstance("X.509")
              .generateCertificates(new ByteArrayInputStream(pem))) {
        store.setCertificateEntry("ca-" + i++, cert);
      }
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("cannot trust the test cluster's CA: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    thaw();
    server.stop(0);
    threads.shutdownNow();
  }
}
