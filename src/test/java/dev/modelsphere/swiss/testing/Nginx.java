package dev.modelsphere.swiss.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A real reverse proxy in front of a test's swiss server: Debian's nginx (installed by {@code
 * hack/nginx}) on a free loopback port, one process in the foreground with a config and temp
 * directories of its own in the test's folder. It mounts the server three times, as proxies do:
 *
 * <ul>
 *   <li>{@value #PASSED_ON}: the prefix is passed on to the server (its {@code server.basePath}
 *       takes it off), and so is the {@code Host} the browser sent, port included;
 *   <li>{@value #STRIPPED}: nginx takes its prefix off and names it in {@code X-Forwarded-Prefix},
 *       and sends its own host name as {@code Host}, the browser's in {@code X-Forwarded-Host} (the
 *       server must trust one proxy hop to read it);
 *   <li>{@value #REPLACED}: nginx replaces the prefix with {@value #REPLACED_WITH}, as the Console
 *       portal's backend does with its API calls: {@code /api/deploy/plans} reaches the server as
 *       {@code /api/plans}, which it serves with no setting and no header. Only the API is mounted
 *       so; the portal brings its own UI.
 * </ul>
 *
 * With the first two the server can tell that the browser's {@code Origin} is its own, so the UI's
 * writes pass its cross-site check.
 *
 * <p>All keep the event stream unbuffered and open, as a proxy in front of swiss must.
 */
public final class Nginx implements AutoCloseable {
  public static final Path BINARY = Path.of("/usr/sbin/nginx");
  public static final String PASSED_ON = "/portal/swiss";
  public static final String STRIPPED = "/tools/swiss";
  public static final String REPLACED = "/api/deploy";
  public static final String REPLACED_WITH = "/api";

  private static final Duration START = Duration.ofSeconds(15);

  private final Process process;
  private final Path dir;
  private final int port;

  private Nginx(Process process, Path dir, int port) {
    this.process = process;
    this.dir = dir;
    this.port = port;
  }

  /** Starts nginx in {@code dir} in front of the server listening on loopback {@code upstream}. */
  public static Nginx inFrontOf(int upstream, Path dir) {
    if (!Files.isExecutable(BINARY)) {
      throw new AssertionError(BINARY + " is missing: run hack/nginx (Debian's nginx package)");
    }
    try {
      Files.createDirectories(dir.resolve("temp"));
      int port = freePort();
      Path conf = Files.writeString(dir.resolve("nginx.conf"), config(port, upstream, dir));
      Process process =
          new ProcessBuilder(
                  BINARY.toString(),
                  "-p",
                  dir.toString(),
                  "-e",
                  dir.resolve("error.log").toString(),
                  "-c",
                  conf.toString())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("nginx.out").toFile())
              .start();
      Nginx nginx = new Nginx(process, dir, port);
      nginx.awaitListening();
      return nginx;
    } catch (IOException e) {
      throw new UncheckedIOException("start nginx in " + dir, e);
    }
  }

  /** Where a browser reaches swiss through this proxy under {@code prefix}, without a slash. */
  public String url(String prefix) {
    return "http://127.0.0.1:" + port + prefix;
  }

  private static String config(int port, int upstream, Path dir) {
    String temp = dir.resolve("temp").toString();
    String proxied =
        """
              proxy_http_version 1.1;
              proxy_set_header X-Forwarded-Proto $scheme;
              proxy_buffering off;
              proxy_read_timeout 1h;
        """;
    return """
        daemon off;
        master_process off;
        worker_processes 1;
        pid %1$s/nginx.pid;
        events { worker_connections 128; }
        http {
          access_log %1$s/access.log;
          client_body_temp_path %2$s/body;
          proxy_temp_path %2$s/proxy;
          fastcgi_temp_path %2$s/fastcgi;
          uwsgi_temp_path %2$s/uwsgi;
          scgi_temp_path %2$s/scgi;
          server {
            listen 127.0.0.1:%3$d;
            location %5$s/ {
              proxy_pass http://127.0.0.1:%4$d;
              proxy_set_header Host $http_host;
        %7$s    }
            location %6$s/ {
              proxy_pass http://127.0.0.1:%4$d/;
              proxy_set_header Host $host;
              proxy_set_header X-Forwarded-Host $http_host;
              proxy_set_header X-Forwarded-Prefix %6$s;
        %7$s    }
            location %8$s/ {
              proxy_pass http://127.0.0.1:%4$d%9$s/;
        %7$s    }
          }
        }
        """
        .formatted(
            dir, temp, port, upstream, PASSED_ON, STRIPPED, proxied, REPLACED, REPLACED_WITH);
  }

  private void awaitListening() throws IOException {
    try {
      await()
          .atMost(START)
          .pollInterval(Duration.ofMillis(50))
          .until(() -> listening() || !process.isAlive());
    } catch (ConditionTimeoutException e) {
      close();
      throw new AssertionError("nginx did not listen within " + START + ": " + log(), e);
    }
    if (!process.isAlive()) {
      throw new AssertionError("nginx exited at start: " + log());
    }
  }

  private boolean listening() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException notYet) {
      return false;
    }
  }

  private String log() throws IOException {
    Path errors = dir.resolve("error.log");
    Path out = dir.resolve("nginx.out");
    return (Files.exists(out) ? Files.readString(out) : "")
        + (Files.exists(errors) ? Files.readString(errors) : "");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
