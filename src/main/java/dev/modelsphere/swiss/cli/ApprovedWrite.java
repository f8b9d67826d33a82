package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.approval.ApprovalAsk;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.error.ErrorReason;
import dev.modelsphere.swiss.server.routes.ApprovalRoutes;
import dev.modelsphere.swiss.server.routes.ReadAnswers;
import dev.modelsphere.swiss.store.Approval;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A write through a server on a site that requires approval, made as the web UI makes it: when the
 * server refuses the write for want of an approval ({@link ErrorReason#APPROVAL_REQUIRED}), the
 * user's own pending or approved request for exactly this write is used, else one is asked for; the
 * command waits until another user decides it, then sends the write once, which spends it. Whether
 * approval is needed is the server's answer to the write, never guessed here, so a site that
 * requires none sees exactly one call.
 */
final class ApprovedWrite {
  /** As often as the web UI reads a pending request again (no event names an approval). */
  static final Duration POLL = Duration.ofSeconds(2);

  private final SwissApi api;
  private final ApprovalAsk ask;
  private final boolean wait;
  private final PrintWriter err;

  /** Requests already tried: one approved but refused again is not tried a second time. */
  private final Set<Long> tried = new HashSet<>();

  /**
   * @param ask exactly the write, as {@code POST /api/approvals} names it
   * @param wait false: ask (or find the request) and stop, exit code 3, instead of waiting
   */
  ApprovedWrite(SwissApi api, ApprovalAsk ask, boolean wait, PrintWriter err) {
    this.api = api;
    this.ask = ask;
    this.wait = wait;
    this.err = err;
  }

  /** The write's answer, once the server took it; each refusal for want of approval waits. */
  <T> T send(Supplier<T> write) {
    while (true) {
      try {
        return write.get();
      } catch (DomainException refused) {
        if (refused.reason() != ErrorReason.APPROVAL_REQUIRED) {
          throw refused;
        }
        tried.add(approved(refused).id());
      }
    }
  }

  /** An approved request for this write: found, or asked for and waited on. */
  private Approval approved(DomainException refused) {
    Approval approval = usableRequest().orElse(null);
    if (approval == null) {
      approval = api.post("/api/approvals", ask, Approval.class);
      say(
          "this site requires another user's approval of this write: asked for it as #%d"
              .formatted(approval.id()));
    } else {
      say(
          "your request #%d for exactly this write is %s"
              .formatted(approval.id(), approval.state()));
    }
    if (Approval.APPROVED.equals(approval.state())) {
      return approval;
    }
    say(
        "another user approves it with: swiss approve %d (swiss approvals lists it)"
            .formatted(approval.id()));
    if (!wait) {
      throw new DomainException(
          ErrorKind.UNAVAILABLE,
          "approval #%d is pending; once another user approves it, run this command again to"
                  .formatted(approval.id())
              + " write; nothing was written (%s)".formatted(refused.getMessage()));
    }
    return decided(waitFor(approval));
  }

  /** The user's own newest pending or approved request for exactly this write, not yet tried. */
  private Optional<Approval> usableRequest() {
    String user = api.get("/api/session", ReadAnswers.SessionState.class).user();
    String query =
        "/api/approvals?namespace=%s&release=%s"
            .formatted(SwissApi.segment(ask.namespace()), SwissApi.segment(ask.release()));
    return api.get(query, ApprovalRoutes.Listed.class).approvals().stream()
        .filter(a -> Approval.PENDING.equals(a.state()) || Approval.APPROVED.equals(a.state()))
        .filter(a -> !tried.contains(a.id()))
        .filter(a -> user == null || user.isEmpty() || user.equals(a.requestedBy()))
        .filter(this::isThisWrite)
        .max(Comparator.comparingLong(Approval::id));
  }

  private boolean isThisWrite(Approval a) {
    return a.action().equals(ask.action())
        && a.namespace().equals(ask.namespace())
        && a.release().equals(ask.release())
        && a.planHash().equals(ask.planHash())
        && a.toRevision() == ask.toRevision()
        && a.contentHash().equals(ask.contentHash())
        && a.chartDigest().equals(ask.chartDigest())
        && a.forceConflicts() == ask.forceConflicts()
        && a.forceChart() == ask.forceChart();
  }

  /** Reads the request again until it is no longer pending; Ctrl-C leaves it pending. */
  private Approval waitFor(Approval pending) {
    say(
        "waiting for approval #%d (Ctrl-C stops waiting; the request stays pending)"
            .formatted(pending.id()));
    Thread leftPending =
        new Thread(
            () ->
                say(
                    ("stopped waiting: approval #%d stays pending; run this command again to wait"
                            + " for it, or withdraw it with swiss approve %d --reject")
                        .formatted(pending.id(), pending.id())));
    Runtime.getRuntime().addShutdownHook(leftPending);
    try {
      Approval now = pending;
      while (Approval.PENDING.equals(now.state())) {
        sleep(pending.id());
        now = api.get("/api/approvals/" + now.id(), Approval.class);
      }
      return now;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(leftPending);
      } catch (IllegalStateException shuttingDown) {
        // The hook is what says the request stays pending; it runs now.
      }
    }
  }

  /** The approved request; any other decision fails the command with its reason. */
  private Approval decided(Approval approval) {
    long id = approval.id();
    String note =
        approval.decisionNote().isEmpty() ? "" : ": \"%s\"".formatted(approval.decisionNote());
    return switch (approval.state()) {
      case Approval.APPROVED -> {
        say("approval #%d given by %s; writing".formatted(id, approval.decidedBy()));
        yield approval;
      }
      case Approval.REJECTED ->
          throw new DomainException(
              ErrorKind.CONFLICT,
              "approval #%d was rejected by %s%s; nothing was written"
                  .formatted(id, approval.decidedBy(), note));
      case Approval.EXPIRED ->
          throw new DomainException(
              ErrorKind.CONFLICT,
              ("approval #%d expired before another user approved it; run this command again to"
                      + " ask again; nothing was written")
                  .formatted(id));
      default ->
          throw new DomainException(
              ErrorKind.CONFLICT,
              ("approval #%d is %s: another write of yours used it; run this command again to ask"
                      + " again; nothing was written")
                  .formatted(id, approval.state()));
    };
  }

  private void sleep(long id) {
    try {
      Thread.sleep(POLL.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException(
          "interrupted while waiting for approval #%d, which stays pending".formatted(id));
    }
  }

  private void say(String line) {
    err.println(line);
    err.flush();
  }
}
