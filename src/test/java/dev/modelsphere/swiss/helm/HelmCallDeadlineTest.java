package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.error.ErrorKind;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Helm calls end by their deadline, or at once when cancelled, even against an API server that
 * never answers: a loopback listener that accepts connections and says nothing on them. (The Go
 * tests show the call's goroutine ends too.)
 */
class HelmCallDeadlineTest {

  @TempDir Path charts;
  private ServerSocket silent;
  private final List<Socket> held = new CopyOnWriteArrayList<>();
  private HelmReleases helm;

  @BeforeEach
  void start() throws IOException {
    silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread accepting =
        new Thread(
            () -> {
              while (!silent.isClosed()) {
                try {
                  held.add(silent.accept());
                } catch (IOException closed) {
                  return;
                }
              }
            },
            "silent-api-server");
    accepting.setDaemon(true);
    accepting.start();
    helm =
        new HelmReleases(
            new ChartRenderer(new ChartArchives(charts)), kubeConfig(silent.getLocalPort()));
  }

  @AfterEach
  void stop() throws IOException {
    silent.close();
    for (Socket socket : held) {
      socket.close();
    }
  }

  @Test
  void aCallUnderAOneSecondDeadlineToASilentApiServerEndsWithinTwoSecondsAsOutOfTime() {
    HelmReleases bounded = helm.withCallDeadline(Duration.ofSeconds(1));

    long started = System.nanoTime();
    HelmException e =
        catchThrowableOfType(() -> bounded.values("models", "quiet", 1, true), HelmException.class);
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertThat(took).isLessThan(Duration.ofSeconds(2));
    assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE);
    assertThat(e)
        .hasMessageContaining("helm get values models/quiet --revision 1 --all")
        .hasMessageContaining("ran out of time");
  }

  @Test
  void aRunningCallIsCancelledAtOnceAndSaysSwissIsStopping() throws Exception {
    CompletableFuture<String> reading =
        CompletableFuture.supplyAsync(() -> helm.values("models", "quiet", 1, true));
    Thread.sleep(500);

    long started = System.nanoTime();
    helm.cancelRunning();

    Throwable e = reading.handle((values, failure) -> failure).get(2, TimeUnit.SECONDS);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
    assertThat(e.getCause())
        .isInstanceOfSatisfying(
            HelmException.class, h -> assertThat(h.kind()).isEqualTo(ErrorKind.UNAVAILABLE))
        .hasMessageContaining("shutting down");
  }

  private static String kubeConfig(int port) {
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: silent
          cluster:
            server: https://127.0.0.1:%d
            insecure-skip-tls-verify: true
        users:
        - name: nobody
          user:
            token: none
        contexts:
        - name: silent
          context:
            cluster: silent
            user: nobody
        current-context: silent
        """
        .formatted(port);
  }
}
