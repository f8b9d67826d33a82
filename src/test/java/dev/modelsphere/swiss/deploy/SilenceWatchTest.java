package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.testing.ApiServerProxy;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the watch over a helm write promises, against the real API server behind an {@link
 * ApiServerProxy} that the tests freeze to play a hung one. The writes are the tests' own: they end
 * when the test lets them, so "slow" and "late" are conditions, not clock time.
 */
@ClusterTest
class SilenceWatchTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Duration LIMIT = Duration.ofSeconds(2);
  private static final String WHAT = "helm upgrade models/chat";
  private static final BiConsumer<String, Throwable> NOT_LATE =
      (result, failure) -> {
        throw new AssertionError("told of a late outcome of a write that was waited for");
      };

  private ApiServerProxy proxy;
  private KubernetesClient client;
  private SilenceWatch watch;
  private final List<SilenceWatch> watches = new ArrayList<>();
  private final CountDownLatch writeMayEnd = new CountDownLatch(1);

  @BeforeEach
  void start() {
    proxy = new ApiServerProxy(cluster.cluster());
    client = proxy.client();
    watch = new SilenceWatch(client, LIMIT);
    watches.add(watch);
  }

  @AfterEach
  void stop() {
    writeMayEnd.countDown();
    watches.forEach(SilenceWatch::close);
    client.close();
    proxy.close();
  }

  /** A write that takes as long as the test says, then answers {@code result}. */
  private String slowWrite(String result) {
    try {
      writeMayEnd.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return result;
  }

  private long versionChecks() {
    return proxy.received().stream().filter(r -> r.path().equals("/version")).count();
  }

  @Test
  void aQuickWriteAnswersItsOwnResult() {
    assertThat(watch.run(WHAT, () -> "revision 2", NOT_LATE)).isEqualTo("revision 2");
  }

  @Test
  void aClosedWatchStartsNoWriteAndSaysTheProcessIsStopping() {
    AtomicReference<Boolean> started = new AtomicReference<>(false);
    watch.close();

    assertThatThrownBy(() -> watch.run(WHAT, () -> started.getAndSet(true), (r, f) -> {}))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE))
        .hasMessageContainingAll(WHAT, "not started", "stopping");
    assertThat(started.get()).isFalse();
  }

  @Test
  void aWriteThatFailsFailsTheRunWithItsOwnException() {
    DeployException refused = new DeployException(ErrorKind.CONFLICT, "the release moved");

    assertThatThrownBy(
            () ->
                watch.run(
                    WHAT,
                    () -> {
                      throw refused;
                    },
                    NOT_LATE))
        .isSameAs(refused);
  }

  @Test
  void aWriteSlowerThanTheLimitToAnAnsweringApiServerIsLeftToFinish() {
    // Let the write end only once the API server has been asked, and has answered, for longer
    // than the limit: only silence may end the wait, not the write's own length.
    long started = System.nanoTime();
    CompletableFuture.runAsync(
        () -> {
          await().atMost(Duration.ofSeconds(30)).until(() -> versionChecks() >= 4);
          writeMayEnd.countDown();
        });

    String result = watch.run(WHAT, () -> slowWrite("revision 3"), NOT_LATE);

    assertThat(result).isEqualTo("revision 3");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThan(LIMIT);
  }

  @Test
  void anApiServerSilentForLessThanTheLimitOnlyHoldsTheWriteUp() {
    Duration limit = Duration.ofSeconds(6);
    SilenceWatch patient = new SilenceWatch(client, limit);
    watches.add(patient);
    proxy.freeze();
    // Thawed once a check is held by the frozen API server, well inside the limit; the write ends
    // once a later check has been answered.
    CompletableFuture.runAsync(
        () -> {
          await().atMost(Duration.ofSeconds(30)).until(() -> versionChecks() >= 1);
          proxy.thaw();
          await().atMost(Duration.ofSeconds(30)).until(() -> versionChecks() >= 3);
          writeMayEnd.countDown();
        });

    assertThat(patient.run(WHAT, () -> slowWrite("revision 4"), NOT_LATE)).isEqualTo("revision 4");
  }

  @Test
  void anApiServerSilentForTheLimitFailsTheRunNamingTheWriteAndTheLateOutcomeIsToldLater() {
    AtomicReference<String> lateResult = new AtomicReference<>();
    AtomicReference<Throwable> lateFailure = new AtomicReference<>();
    CountDownLatch told = new CountDownLatch(1);
    proxy.freeze();

    long started = System.nanoTime();
    assertThatThrownBy(
            () ->
                watch.run(
                    WHAT,
                    () -> slowWrite("revision 5"),
                    (result, failure) -> {
                      lateResult.set(result);
                      lateFailure.set(failure);
                      told.countDown();
                    }))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.FAILED);
              assertThat(e.recorded()).isTrue();
            })
        .hasMessageContaining(WHAT + " gave up")
        .hasMessageContaining("has not answered for " + LIMIT);
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertThat(took).isGreaterThanOrEqualTo(LIMIT).isLessThan(LIMIT.plusSeconds(5));
    assertThat(told.getCount()).as("the write is still running").isEqualTo(1);
    proxy.thaw();
    writeMayEnd.countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> told.getCount() == 0);
    assertThat(lateResult.get()).isEqualTo("revision 5");
    assertThat(lateFailure.get()).isNull();
  }

  @Test
  void aWriteGivenUpOnThatFailsLaterIsToldItsFailure() {
    AtomicReference<Throwable> lateFailure = new AtomicReference<>();
    proxy.freeze();

    assertThatThrownBy(
            () ->
                watch.run(
                    WHAT,
                    () -> {
                      slowWrite("");
                      throw new IllegalStateException("helm: the upgrade failed");
                    },
                    (result, failure) -> lateFailure.set(failure)))
        .isInstanceOf(DeployException.class)
        .hasMessageContaining("gave up");

    writeMayEnd.countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> lateFailure.get() != null);
    assertThat(lateFailure.get()).hasRootCauseMessage("helm: the upgrade failed");
  }

  @Test
  void aWaitThatIsInterruptedFailsAtOnceAndTheWriteIsStillToldLater() throws Exception {
    AtomicReference<String> lateResult = new AtomicReference<>();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread waiting =
        new Thread(
            () -> {
              try {
                watch.run(
                    WHAT,
                    () -> slowWrite("revision 6"),
                    (result, failure) -> lateResult.set(result));
              } catch (RuntimeException e) {
                thrown.set(e);
              }
            });
    waiting.start();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> waiting.getState() == Thread.State.TIMED_WAITING);

    waiting.interrupt();
    waiting.join(Duration.ofSeconds(10).toMillis());

    assertThat(thrown.get())
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.FAILED))
        .hasMessageContaining("interrupted while waiting for " + WHAT);
    writeMayEnd.countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> "revision 6".equals(lateResult.get()));
  }
}
