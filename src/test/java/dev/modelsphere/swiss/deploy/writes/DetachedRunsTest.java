package dev.modelsphere.swiss.deploy.writes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.RunFilter;
import dev.modelsphere.swiss.store.Store;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the audit log keeps of a write, whatever the write was; no cluster and no HTTP server. */
class DetachedRunsTest {
  @TempDir Path dir;

  private Store store;
  private DetachedRuns runs;

  private final DetachedRuns.Attempt attempt =
      new DetachedRuns.Attempt("erin", "apply", "team-a", "qwen", "sha256:abc", "a note");

  @BeforeEach
  void open() {
    store = Store.open(dir.resolve("swiss.db"));
    runs = new DetachedRuns(Optional.of(store), Clock.systemUTC());
  }

  @AfterEach
  void close() {
    runs.close();
    store.close();
  }

  /** Every run recorded, newest first, each with its output. */
  private List<Run> recorded() {
    return store.runs(RunFilter.latest(10)).stream()
        .map(run -> store.run(run.id()).orElseThrow())
        .toList();
  }

  @Test
  void aWriteThatSucceedsIsRecordedWithItsRevisionOutputAndWhoAskedForIt() {
    String answer = runs.run(attempt, () -> new DetachedRuns.Done<>("ok", 4, "upgraded", true));

    assertThat(answer).isEqualTo("ok");
    assertThat(recorded())
        .singleElement()
        .satisfies(
            run -> {
              assertThat(run.actor()).isEqualTo("erin");
              assertThat(run.revision()).isEqualTo(4);
              assertThat(run.output()).isEqualTo("upgraded");
              assertThat(run.planHash()).isEqualTo("sha256:abc");
              assertThat(run.note()).isEqualTo("a note");
              assertThat(run.changed()).isTrue();
            });
  }

  @Test
  void aWriteThatFoundNothingToDoIsRecordedAsUnchangedAtTheRevisionThatRuns() {
    runs.run(attempt, () -> new DetachedRuns.Done<>("same", 3, "no changes", false));

    assertThat(recorded())
        .singleElement()
        .satisfies(
            run -> {
              assertThat(run.changed()).isFalse();
              assertThat(run.revision()).isEqualTo(3);
              assertThat(run.error()).isEmpty();
            });
  }

  @Test
  void aRefusalBeforeAnythingWasWrittenIsThrownAsItIsAndNotRecorded() {
    DeployException stale = new DeployException(ErrorKind.CONFLICT, "moved from revision 1 to 2");

    assertThatThrownBy(
            () ->
                runs.run(
                    attempt,
                    () -> {
                      throw stale;
                    }))
        .isSameAs(stale);
    assertThat(recorded()).isEmpty();
  }

  @Test
  void aWriteThatFailedOnTheClusterIsRecordedAsAFailureAndThrown() {
    DeployException failed = new DeployException(ErrorKind.FAILED, "helm upgrade failed: boom");

    assertThatThrownBy(
            () ->
                runs.run(
                    attempt,
                    () -> {
                      throw failed;
                    }))
        .isSameAs(failed);
    assertThat(recorded())
        .singleElement()
        .satisfies(
            run -> {
              assertThat(run.error()).isEqualTo("helm upgrade failed: boom");
              assertThat(run.changed()).isFalse();
            });
  }

  @Test
  void aWriteTheClusterRefusedIsRecordedThoughItsKindIsNotAFailure() {
    DeployException denied =
        DeployException.refusedByCluster(ErrorKind.FORBIDDEN, "denied by admission policy");

    assertThatThrownBy(
            () ->
                runs.run(
                    attempt,
                    () -> {
                      throw denied;
                    }))
        .isSameAs(denied);
    assertThat(recorded())
        .singleElement()
        .extracting(Run::error)
        .isEqualTo("denied by admission policy");
  }

  @Test
  void aWriteGoesOnAndIsRecordedWhenTheCallerStopsWaiting() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    Thread caller =
        new Thread(
            () -> {
              try {
                runs.run(
                    attempt,
                    () -> {
                      await(release);
                      return new DetachedRuns.Done<>("late", 2, "applied late", true);
                    });
              } catch (DeployException e) {
                // The caller gave up; the write is not its to finish.
              }
            });
    caller.start();
    caller.interrupt();
    caller.join(TimeUnit.SECONDS.toMillis(10));
    release.countDown();
    runs.close();
    assertThat(runs.awaitTermination(Duration.ofSeconds(10))).isTrue();

    assertThat(recorded()).singleElement().extracting(Run::output).isEqualTo("applied late");
  }

  @Test
  void aWriteBeyondTheMostRunningAtOnceIsRefusedAsUnavailableBeforeItStartsAndNotRecorded()
      throws Exception {
    DetachedRuns one = new DetachedRuns(Optional.of(store), Clock.systemUTC(), 1);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread first =
        new Thread(
            () ->
                one.run(
                    attempt,
                    () -> {
                      started.countDown();
                      await(release);
                      return new DetachedRuns.Done<>("first", 1, "applied", true);
                    }));
    first.start();
    try {
      assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

      assertThatThrownBy(
              () -> one.run(attempt, () -> new DetachedRuns.Done<>("second", 2, "applied", true)))
          .isInstanceOfSatisfying(
              DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE))
          .hasMessageContaining("apply of team-a/qwen was not started")
          .hasMessageContaining("at once (1)");
    } finally {
      release.countDown();
      first.join(TimeUnit.SECONDS.toMillis(10));
      one.close();
    }
    assertThat(recorded()).singleElement().extracting(Run::output).isEqualTo("applied");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
