package dev.modelsphere.swiss.llmsvc;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess.Access;
import dev.modelsphere.swiss.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** backends.md §1.4: the access state machine, on a clock the test moves. */
class LlmServiceAccessTest {
  private static final Duration TTL = LlmServiceAccess.CRD_SERVED_TTL;

  private final MovableClock clock = new MovableClock(Instant.parse("2026-11-30T04:00:00Z"));
  private final ScriptedDiscovery discovery = new ScriptedDiscovery();
  private final LlmServiceAccess access = new LlmServiceAccess(discovery, clock);

  @Test
  void theTtlIsThirtySeconds() {
    assertThat(TTL).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void discoveryIsAskedOnceAndItsAnswerReusedUntilTheTtlRunsOut() {
    discovery.answer(true).answer(false);

    assertThat(access.current()).isEqualTo(new Access(true, false, null));
    clock.advance(TTL.minusMillis(1));
    assertThat(access.current().served()).isTrue();
    assertThat(discovery.calls).isEqualTo(1);

    clock.advance(Duration.ofMillis(1));
    assertThat(access.current()).isEqualTo(new Access(false, false, null));
    assertThat(discovery.calls).isEqualTo(2);
  }

  @Test
  void aFailingDiscoveryIsLoggedAsOneWarningPerTtl() {
    discovery.fail("connection refused").fail("connection refused");
    Logger logger = (Logger) LoggerFactory.getLogger(LlmServiceAccess.class);
    ListAppender<ILoggingEvent> logged = new ListAppender<>();
    logged.start();
    logger.addAppender(logged);
    try {
      access.current();
      clock.advance(TTL.minusMillis(1));
      access.current();
      access.warnings("llmsvc");
      assertThat(logged.list).hasSize(1);

      clock.advance(Duration.ofMillis(1));
      access.current();
    } finally {
      logger.detachAppender(logged);
    }

    assertThat(logged.list)
        .hasSize(2)
        .allSatisfy(
            e -> {
              assertThat(e.getLevel()).isEqualTo(Level.WARN);
              assertThat(e.getFormattedMessage())
                  .isEqualTo("LLMService discovery failed: connection refused");
            });
  }

  @Test
  void aServedApiWithNothingNotedIsVisible() {
    discovery.answer(true);

    assertThat(access.current().visible()).isTrue();
  }

  @Test
  void aDiscoveryErrorMeansNotServedIsRememberedForOneTtlAndThenAskedAgain() {
    discovery.fail("connection refused").answer(true);

    Access failed = access.current();
    assertThat(failed).isEqualTo(new Access(false, false, "connection refused"));
    assertThat(failed.visible()).isFalse();
    clock.advance(TTL.minusSeconds(1));
    assertThat(access.current().discoveryError()).isEqualTo("connection refused");
    assertThat(discovery.calls).isEqualTo(1);

    clock.advance(Duration.ofSeconds(1));
    assertThat(access.current()).isEqualTo(new Access(true, false, null));
    assertThat(discovery.calls).isEqualTo(2);
  }

  @Test
  void aForbiddenReadHidesAServedApiForOneTtl() {
    discovery.answer(true).answer(true);
    access.current();
    clock.advance(Duration.ofSeconds(10));

    access.noteForbidden();

    Access forbidden = access.current();
    assertThat(forbidden).isEqualTo(new Access(true, true, null));
    assertThat(forbidden.visible()).isFalse();
    clock.advance(TTL.minusMillis(1));
    assertThat(access.current().forbidden()).isTrue();
    clock.advance(Duration.ofMillis(1));
    assertThat(access.current()).isEqualTo(new Access(true, false, null));
    assertThat(access.current().visible()).isTrue();
  }

  @Test
  void aDiscoveryErrorClearsANotedForbidden() {
    discovery.answer(true).fail("timeout");
    access.current();
    clock.advance(TTL.minusSeconds(1));
    access.noteForbidden();
    assertThat(access.current().forbidden()).isTrue();

    clock.advance(Duration.ofSeconds(1));

    assertThat(access.current()).isEqualTo(new Access(false, false, "timeout"));
  }

  @Test
  void anApiThatIsNoLongerServedClearsANotedForbidden() {
    discovery.answer(true).answer(false).answer(true);
    access.current();
    clock.advance(TTL.minusSeconds(1));
    access.noteForbidden();

    clock.advance(Duration.ofSeconds(1));
    assertThat(access.current()).isEqualTo(new Access(false, false, null));

    clock.advance(TTL);
    assertThat(access.current()).isEqualTo(new Access(true, false, null));
  }

  @Test
  void aServedAnswerKeepsAForbiddenNotedWithinTheTtl() {
    discovery.answer(true).answer(true);
    access.current();
    clock.advance(TTL.minusSeconds(5));
    access.noteForbidden();

    clock.advance(Duration.ofSeconds(5));

    assertThat(access.current()).isEqualTo(new Access(true, true, null));
    assertThat(discovery.calls).isEqualTo(2);
  }

  @Test
  void withoutAClientNothingIsServedAndDiscoveryIsNeverAsked() {
    LlmServiceAccess none = LlmServiceAccess.withoutClient();

    assertThat(none.current()).isEqualTo(new Access(false, false, null));
    none.noteForbidden();
    assertThat(none.current().visible()).isFalse();
    assertThat(none.warnings("helm")).isEmpty();
    assertThat(none.newInstalls("llmsvc")).isEqualTo("helm");
  }

  @Test
  void concurrentCallersShareOneDiscoveryCallPerTtl() throws InterruptedException {
    discovery.answer(true);
    Thread[] threads = new Thread[8];
    for (int i = 0; i < threads.length; i++) {
      threads[i] = new Thread(() -> access.current());
      threads[i].start();
    }
    for (Thread t : threads) {
      t.join();
    }

    assertThat(discovery.calls).isEqualTo(1);
  }

  @Test
  void newInstallsGoToLlmsvcOnlyWhenAskedForAndVisible() {
    discovery.answer(true);
    assertThat(access.newInstalls("llmsvc")).isEqualTo("llmsvc");
    assertThat(access.newInstalls("helm")).isEqualTo("helm");
    assertThat(access.newInstalls("anything")).isEqualTo("helm");

    access.noteForbidden();
    assertThat(access.newInstalls("llmsvc")).isEqualTo("helm");
  }

  @Test
  void aVisibleApiHasNoWarnings() {
    discovery.answer(true);

    assertThat(access.warnings("llmsvc")).isEmpty();
    assertThat(access.warnings("helm")).isEmpty();
  }

  @Test
  void theDefaultApplyWithAndAnUnservedCrdGiveNoWarning() {
    discovery.answer(false);

    assertThat(access.warnings("helm")).isEmpty();
  }

  @Test
  void llmsvcWithAnUnservedCrdWarnsThatNewInstallsUseHelm() {
    discovery.answer(false);

    assertThat(access.warnings("llmsvc"))
        .containsExactly(
            "server.applyWith is llmsvc but the LLMService CRD is not served; new installs use"
                + " helm");
  }

  @Test
  void aDiscoveryErrorIsWarnedAndNamedAsTheReasonNewInstallsUseHelm() {
    discovery.fail("dial tcp: connection refused");

    assertThat(access.warnings("llmsvc"))
        .containsExactly(
            "LLMService discovery failed: dial tcp: connection refused",
            "server.applyWith is llmsvc but the LLMService CRD is not served; new installs use"
                + " helm: dial tcp: connection refused");
    assertThat(access.warnings("helm"))
        .containsExactly("LLMService discovery failed: dial tcp: connection refused");
  }

  @Test
  void aNotedForbiddenWarnsThatSwissdHasNoGrant() {
    discovery.answer(true);
    access.current();
    access.noteForbidden();

    List<String> expected =
        List.of("LLMService CRD is served but swissd has no llmservices grant; set rbac.applyWith");
    assertThat(access.warnings("llmsvc")).isEqualTo(expected);
    assertThat(access.warnings("helm")).isEqualTo(expected);
  }

  /** Answers (or failures) in order, counting calls; the test fails on an unscripted call. */
  private static final class ScriptedDiscovery implements LlmServiceAccess.Discovery {
    private final Deque<Object> script = new ArrayDeque<>();
    private int calls;

    ScriptedDiscovery answer(boolean served) {
      script.add(served);
      return this;
    }

    ScriptedDiscovery fail(String error) {
      script.add(new LlmServiceException(error, null));
      return this;
    }

    @Override
    public synchronized boolean served() {
      calls++;
      Object next = script.poll();
      if (next == null) {
        throw new AssertionError("discovery asked more often than scripted: call " + calls);
      }
      if (next instanceof RuntimeException e) {
        throw e;
      }
      return (Boolean) next;
    }
  }
}
