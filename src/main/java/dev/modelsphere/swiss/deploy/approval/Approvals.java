package dev.modelsphere.swiss.deploy.approval;

import static dev.modelsphere.swiss.error.ErrorKind.CONFLICT;
import static dev.modelsphere.swiss.error.ErrorKind.FORBIDDEN;
import static dev.modelsphere.swiss.error.ErrorKind.INVALID;
import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;
import static dev.modelsphere.swiss.error.ErrorKind.UNAVAILABLE;

import dev.modelsphere.swiss.deploy.DeployException;
import dev.modelsphere.swiss.kube.KubeNames;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.store.Approval;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoredApprovals;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.function.ToIntBiFunction;

/**
 * The approval use cases both front ends call through the server: ask, approve, reject, list, and
 * the spending of an approval by the write it allows. Each step is in the audit log with its actor:
 * {@code approval-request}, {@code approval-approve}, {@code approval-reject}, and {@code
 * approval-expire} (by {@value #EXPIRY_ACTOR}) for a request that ran out unused.
 */
public final class Approvals implements WriteApprovals {
  public static final Set<String> ACTIONS = Set.of("install", "apply", "rollback", "uninstall");

  /** Who the audit log says expired a request: nobody did, its time ran out. */
  static final String EXPIRY_ACTOR = "swiss";

  private final Store store;
  private final StoredApprovals approvals;
  private final Supplier<Optional<Profile>> profile;
  private final ToIntBiFunction<String, String> liveRevision;
  private final Duration ttl;
  private final Clock clock;

  /**
   * @param profile the site's profile, which says whether writes need approval and who approves
   * @param liveRevision the release's live revision by namespace and name; 0 when it does not exist
   * @param ttl how long a request stays usable
   */
  public Approvals(
      Store store,
      Supplier<Optional<Profile>> profile,
      ToIntBiFunction<String, String> liveRevision,
      Duration ttl,
      Clock clock) {
    this.store = store;
    this.approvals = store.approvals();
    this.profile = profile;
    this.liveRevision = liveRevision;
    this.ttl = ttl;
    this.clock = clock;
  }

  /** Records a pending request for the write {@code ask} names, by {@code actor}. */
  public Approval request(String actor, ApprovalAsk ask) {
    GuardedWrite write = checked(ask);
    Instant now = clock.instant();
    Approval pending =
        approvals.add(
            Approval.pending(
                write.action(),
                write.namespace(),
                write.release(),
                write.planHash(),
                write.toRevision(),
                ask.note(),
                liveRevision.applyAsInt(write.namespace(), write.release()),
                actor,
                now,
                now.plus(ttl)));
    audit(
        "approval-request",
        pending,
        actor,
        ask.note(),
        "asked for approval %s".formatted(what(pending)));
    return pending;
  }

  /** Approves a pending request; the approver must be another user, and one the profile names. */
  public Approval approve(String actor, long id, String note) {
    Approval request = pendingRequest(id);
    if (actor.equals(request.requestedBy())) {
      throw new DeployException(
          FORBIDDEN,
          "you asked for approval #%d yourself: another user must approve it".formatted(id));
    }
    if (!site().mayApprove(actor, request.requestedBy())) {
      throw new DeployException(
          FORBIDDEN,
          "%s may not approve on this site: its profile names the approvers %s"
              .formatted(actor, String.join(", ", site().approvers())));
    }
    return decide(request, Approval.APPROVED, actor, note);
  }

  /** Rejects a pending request: its requester withdraws it, or one who may approve refuses it. */
  public Approval reject(String actor, long id, String note) {
    Approval request = pendingRequest(id);
    if (!actor.equals(request.requestedBy()) && !site().mayApprove(actor, request.requestedBy())) {
      throw new DeployException(
          FORBIDDEN,
          "%s may not reject approval #%d: only its requester or an approver may"
              .formatted(actor, id));
    }
    return decide(request, Approval.REJECTED, actor, note);
  }

  /** The requests the filter selects, pending first; those that ran out read expired. */
  public List<Approval> list(String namespace, String release, String state) {
    expireDue();
    return approvals.list(namespace, release, state);
  }

  public Approval get(long id) {
    expireDue();
    return approvals
        .get(id)
        .orElseThrow(() -> new DeployException(NOT_FOUND, "no approval #%d".formatted(id)));
  }

  @Override
  public String spend(String actor, GuardedWrite write, IntSupplier liveRevision) {
    if (!site().requireApproval()) {
      return "";
    }
    int live = liveRevision.getAsInt();
    expireDue();
    Instant now = clock.instant();
    Approval approval =
        approvals
            .approvedFor(
                write.action(),
                write.namespace(),
                write.release(),
                write.planHash(),
                write.toRevision(),
                actor,
                now)
            .orElseThrow(() -> missing(actor, write));
    if (approval.revision() != live) {
      throw new DeployException(
          CONFLICT,
          ("release %s moved from revision %d, where approval #%d was asked for, to %d: what was"
                  + " approved is not what this would change; diff again and ask for approval"
                  + " again; nothing was written")
              .formatted(write.ref(), approval.revision(), approval.id(), live));
    }
    if (!approvals.spend(approval.id(), now)) {
      throw new DeployException(
          CONFLICT,
          "approval #%d was spent or expired just now; ask again; nothing was written"
              .formatted(approval.id()));
    }
    return approval.decidedBy();
  }

  /** Why there is no approval to spend, naming the newest request for this write. */
  private DeployException missing(String actor, GuardedWrite write) {
    Optional<Approval> newest =
        approvals.list(write.namespace(), write.release(), "").stream()
            .filter(a -> a.action().equals(write.action()))
            .filter(a -> a.planHash().equals(write.planHash()))
            .filter(a -> a.toRevision() == write.toRevision())
            .filter(a -> a.requestedBy().equals(actor))
            .max(Comparator.comparingLong(Approval::id));
    String why =
        newest
            .map(a -> "your request #%d is %s".formatted(a.id(), stateInWords(a)))
            .orElse("you have asked for none");
    return new DeployException(
        CONFLICT,
        ("site %s requires an approval of this %s of %s by another user, and %s: ask with POST"
                + " /api/approvals (swiss approvals request), have another user approve it, then"
                + " write; nothing was written")
            .formatted(site().name(), write.action(), write.ref(), why));
  }

  private static String stateInWords(Approval a) {
    return switch (a.state()) {
      case Approval.PENDING -> "still pending";
      case Approval.REJECTED -> "rejected by " + a.decidedBy();
      case Approval.SPENT -> "spent: an approval allows one write";
      case Approval.EXPIRED -> "expired";
      default -> a.state();
    };
  }

  private Approval pendingRequest(long id) {
    Approval request = get(id);
    if (!Approval.PENDING.equals(request.state())) {
      throw new DeployException(
          CONFLICT,
          "approval #%d is %s, not pending: nothing to decide".formatted(id, request.state()));
    }
    return request;
  }

  private Approval decide(Approval request, String state, String actor, String note) {
    if (!approvals.decide(request.id(), state, actor, note, clock.instant())) {
      throw new DeployException(
          CONFLICT,
          "approval #%d was decided or expired just now: look again".formatted(request.id()));
    }
    Approval decided = get(request.id());
    String verb = Approval.APPROVED.equals(state) ? "approve" : "reject";
    audit("approval-" + verb, decided, actor, note, "%sd %s".formatted(verb, what(decided)));
    return decided;
  }

  /** Marks what ran out expired, each once across replicas, and says so in the audit log. */
  private void expireDue() {
    Instant now = clock.instant();
    for (Approval due : approvals.due(now)) {
      if (approvals.expire(due.id(), now)) {
        audit(
            "approval-expire",
            due,
            EXPIRY_ACTOR,
            "",
            "expired %s, unused after %s".formatted(what(due), ttl));
      }
    }
  }

  /** The request checked against what it may name, as the write it asks for. */
  private GuardedWrite checked(ApprovalAsk ask) {
    if (!ACTIONS.contains(ask.action())) {
      throw new DeployException(
          INVALID,
          "action \"%s\" needs no approval: ask for one of install, apply, rollback, uninstall"
              .formatted(ask.action()));
    }
    if (ask.namespace().isEmpty() || ask.release().isEmpty()) {
      throw new DeployException(INVALID, "name the release: namespace and release are required");
    }
    // Checked as the release routes check their path: a name that cannot be one is the caller's
    // mistake (400), not something to look up on the cluster.
    KubeNames.namespaceProblem(ask.namespace())
        .or(() -> KubeNames.releaseProblem(ask.release()))
        .ifPresent(
            problem -> {
              throw new DeployException(INVALID, problem);
            });
    boolean plan = ask.action().equals("install") || ask.action().equals("apply");
    if (plan == ask.planHash().isEmpty()) {
      throw new DeployException(
          INVALID,
          plan
              ? "an %s is approved for one plan: send its planHash".formatted(ask.action())
              : "a %s names no plan: leave planHash out".formatted(ask.action()));
    }
    boolean rollback = ask.action().equals("rollback");
    if (rollback != ask.toRevision() > 0) {
      throw new DeployException(
          INVALID,
          rollback
              ? "a rollback is approved for one revision: send toRevision"
              : "only a rollback names toRevision: leave it out");
    }
    if (plan) {
      Plan stored =
          store
              .plan(ask.planHash())
              .orElseThrow(
                  () ->
                      new DeployException(
                          NOT_FOUND,
                          "no plan %s: compose it with POST /api/plans first"
                              .formatted(ask.planHash())));
      if (!stored.release().namespace().equals(ask.namespace())
          || !stored.release().name().equals(ask.release())) {
        throw new DeployException(
            INVALID,
            "plan %s is for %s/%s, not %s/%s"
                .formatted(
                    ask.planHash(),
                    stored.release().namespace(),
                    stored.release().name(),
                    ask.namespace(),
                    ask.release()));
      }
    }
    return new GuardedWrite(
        ask.action(), ask.namespace(), ask.release(), ask.planHash(), ask.toRevision());
  }

  private Profile site() {
    return profile
        .get()
        .orElseThrow(
            () ->
                new DeployException(
                    UNAVAILABLE,
                    "the site profile cannot be read, so whether this site requires approval is"
                        + " unknown; nothing was written: fix the profile and try again"));
  }

  private static String what(Approval a) {
    String target =
        a.planHash().isEmpty()
            ? a.toRevision() > 0 ? " to revision " + a.toRevision() : ""
            : " of plan " + a.planHash();
    return "#%d: %s %s/%s%s by %s"
        .formatted(a.id(), a.action(), a.namespace(), a.release(), target, a.requestedBy());
  }

  private void audit(String action, Approval a, String actor, String note, String output) {
    Instant now = clock.instant();
    store.recordRun(
        new Run(
            0,
            a.namespace(),
            a.release(),
            action,
            a.planHash(),
            actor,
            false,
            "",
            output,
            note,
            a.revision(),
            now,
            now));
  }
}
