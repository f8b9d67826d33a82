package dev.modelsphere.swiss.deploy.approval;

import static dev.modelsphere.swiss.deploy.approval.GuardedAction.Names.CONTENT;
import static dev.modelsphere.swiss.deploy.approval.GuardedAction.Names.PLAN;
import static dev.modelsphere.swiss.deploy.approval.GuardedAction.Names.REVISION;
import static dev.modelsphere.swiss.error.ErrorKind.CONFLICT;
import static dev.modelsphere.swiss.error.ErrorKind.FORBIDDEN;
import static dev.modelsphere.swiss.error.ErrorKind.INVALID;
import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;
import static dev.modelsphere.swiss.error.ErrorKind.UNAVAILABLE;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.kube.KubeNames;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.store.Approval;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoredApprovals;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.function.ToIntBiFunction;

/**
 * The approval use cases both front ends call through the server: ask, approve, reject, list, and
 * the spending of an approval by the write it allows. Each step is in the audit log with its actor:
 * {@code approval-request}, {@code approval-approve}, {@code approval-reject}, and {@code
 * approval-expire} (by {@value #EXPIRY_ACTOR}) for a request that ran out unused.
 *
 * <p>An approval binds the whole write ({@link GuardedAction} says what each names): its plan,
 * revision or content, its flags, and the release's live revision. A plan is bound as the document
 * stored when the approval was asked for, not only by its hash ({@link PlanDifferences}). Users are
 * compared as {@link UserName} compares names, so a change of case is not a second person; nor is a
 * shared account.
 */
public final class Approvals implements WriteApprovals {

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
    GuardedAction action = checked(ask);
    // The document as stored now: a compose under the same hash may replace it before the write.
    String planDocument = action.names() == PLAN ? PlanJson.toJson(storedPlan(ask)) : "";
    Instant now = clock.instant();
    int revision =
        action.bindsLiveRevision() ? liveRevision.applyAsInt(ask.namespace(), ask.release()) : 0;
    Approval pending =
        approvals.add(
            Approval.pending(
                    action.wire(),
                    ask.namespace(),
                    ask.release(),
                    ask.note(),
                    revision,
                    actor,
                    now,
                    now.plus(ttl))
                .withPlanHash(ask.planHash())
                .withToRevision(ask.toRevision())
                .withContentHash(ask.contentHash())
                .withChartDigest(ask.flags().chartDigest())
                .withForceConflicts(ask.forceConflicts())
                .withForceChart(ask.forceChart())
                .withPlanDocument(planDocument));
    audit(
        "approval-request",
        pending,
        actor,
        ask.note(),
        "asked for approval %s".formatted(what(pending)));
    return pending;
  }

  /**
   * Approves a pending request. The approver must be another user than the requester (names
   * compared canonically), a person rather than a shared account, and one the profile names when it
   * names approvers.
   */
  public Approval approve(Approver approver, long id, String note) {
    Approval request = pendingRequest(id);
    UserName name = UserName.of(approver.name());
    if (name.sameAs(request.requestedBy())) {
      throw new DeployException(
          FORBIDDEN,
          ("you asked for approval #%d yourself (%s asked; swiss compares names without case or"
                  + " width, so %s is the same user): another user must approve it")
              .formatted(id, request.requestedBy(), approver.name()));
    }
    if (approver.sharedAccount()) {
      throw new DeployException(
          FORBIDDEN,
          ("%s is a shared account (the local login, or everyone on a server with no login): it"
                  + " proves no second person, so it cannot approve #%d; approve as yourself,"
                  + " signed in through the site's proxy")
              .formatted(approver.name(), id));
    }
    if (!mayApprove(name)) {
      throw new DeployException(
          FORBIDDEN,
          "%s may not approve on this site: its profile names the approvers %s"
              .formatted(approver.name(), String.join(", ", site().approvers())));
    }
    return decide(request, Approval.APPROVED, approver.name(), note);
  }

  /** Rejects a pending request: its requester withdraws it, or one who may approve refuses it. */
  public Approval reject(String actor, long id, String note) {
    Approval request = pendingRequest(id);
    UserName name = UserName.of(actor);
    if (!name.sameAs(request.requestedBy()) && !mayApprove(name)) {
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
    return spendRequired(actor, write, liveRevision);
  }

  @Override
  public String spendRequired(String actor, GuardedWrite write, IntSupplier liveRevision) {
    int live = liveRevision.getAsInt();
    expireDue();
    Instant now = clock.instant();
    List<Approval> approved =
        approvals
            .approvedFor(
                write.action(),
                write.namespace(),
                write.release(),
                write.planHash(),
                write.toRevision(),
                write.contentHash(),
                now)
            .stream()
            .filter(a -> UserName.of(actor).sameAs(a.requestedBy()))
            .toList();
    if (approved.isEmpty()) {
      throw missing(actor, write);
    }
    Approval approval =
        approved.stream()
            .filter(a -> differences(write, a).isEmpty())
            .findFirst()
            .orElseThrow(() -> otherWrite(write, approved.get(0)));
    if (approval.revision() != live) {
      throw DeployException.approvalRequired(
          ("release %s moved from revision %d, where approval #%d was asked for, to %d: what was"
                  + " approved is not what this would change; diff again and ask for approval"
                  + " again; nothing was written")
              .formatted(write.ref(), approval.revision(), approval.id(), live));
    }
    if (!approvals.spend(approval.id(), now)) {
      throw DeployException.approvalRequired(
          "approval #%d was spent or expired just now; ask again; nothing was written"
              .formatted(approval.id()));
    }
    return approval.decidedBy();
  }

  private static WriteFlags flags(Approval a) {
    return new WriteFlags(a.chartDigest(), a.forceConflicts(), a.forceChart());
  }

  /** What the write does otherwise than {@code approved} allows: its flags, then its plan. */
  private static List<String> differences(GuardedWrite write, Approval approved) {
    List<String> differences = new ArrayList<>(write.flags().differencesFrom(flags(approved)));
    write
        .plan()
        .ifPresent(
            plan -> differences.addAll(PlanDifferences.between(plan, approved.planDocument())));
    return differences;
  }

  /** The approval was given for the same plan, revision or content, written another way. */
  private static DeployException otherWrite(GuardedWrite write, Approval approved) {
    return DeployException.approvalRequired(
        ("approval #%d was given for another %s of %s than this one: this write sends %s; ask for"
                + " approval of exactly this write (the same flags, chart digest and plan document:"
                + " POST /api/approvals again, then have it approved); nothing was written")
            .formatted(
                approved.id(),
                write.action(),
                write.ref(),
                String.join(", ", differences(write, approved))));
  }

  /** Why there is no approval to spend, naming the newest request for this write. */
  private DeployException missing(String actor, GuardedWrite write) {
    Optional<Approval> newest =
        approvals.list(write.namespace(), write.release(), "").stream()
            .filter(a -> a.action().equals(write.action()))
            .filter(a -> a.planHash().equals(write.planHash()))
            .filter(a -> a.toRevision() == write.toRevision())
            .filter(a -> a.contentHash().equals(write.contentHash()))
            .filter(a -> UserName.of(actor).sameAs(a.requestedBy()))
            .max(Comparator.comparingLong(Approval::id));
    String why =
        newest
            .map(a -> "your request #%d is %s".formatted(a.id(), stateInWords(a)))
            .orElse("you have asked for none");
    String content =
        write.contentHash().isEmpty() ? "" : " (contentHash %s)".formatted(write.contentHash());
    return DeployException.approvalRequired(
        ("site %s requires an approval of this %s of %s%s by another user, and %s: ask with POST"
                + " /api/approvals (swiss approvals request), have another user approve it, then"
                + " write; nothing was written")
            .formatted(site().name(), write.action(), write.ref(), content, why));
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

  /** The request checked against what its action must and may name. */
  private GuardedAction checked(ApprovalAsk ask) {
    GuardedAction action =
        GuardedAction.of(ask.action())
            .orElseThrow(
                () ->
                    new DeployException(
                        INVALID,
                        "action \"%s\" needs no approval: ask for one of %s"
                            .formatted(ask.action(), GuardedAction.all())));
    checkTarget(action, ask);
    GuardedAction.Names names = action.names();
    named(action, "its planHash", "one plan", names == PLAN, !ask.planHash().isEmpty());
    named(action, "toRevision", "one revision", names == REVISION, ask.toRevision() > 0);
    named(action, "its contentHash", "one content", names == CONTENT, !ask.contentHash().isEmpty());
    if (names == CONTENT && !ContentHash.wellFormed(ask.contentHash())) {
      throw new DeployException(
          INVALID,
          "contentHash \"%s\" is not sha256:<64 hex digits>; the refusal of the write names the"
                  .formatted(ask.contentHash())
              + " hash to ask for");
    }
    flag(action, GuardedAction.Flag.CHART_DIGEST, !ask.chartDigest().isEmpty());
    flag(action, GuardedAction.Flag.FORCE_CONFLICTS, ask.forceConflicts());
    flag(action, GuardedAction.Flag.FORCE_CHART, ask.forceChart());
    return action;
  }

  private static void checkTarget(GuardedAction action, ApprovalAsk ask) {
    if (!action.ofARelease()) {
      if (!ask.namespace().isEmpty() || !ask.release().isEmpty()) {
        throw new DeployException(
            INVALID,
            "a %s change is the site's, not a release's: leave namespace and release out"
                .formatted(action.wire()));
      }
      return;
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
  }

  /** A member the action must name ({@code wanted}), or must leave out. */
  private static void named(
      GuardedAction action, String member, String what, boolean wanted, boolean present) {
    if (wanted && !present) {
      throw new DeployException(
          INVALID,
          "%s is approved for %s: send %s".formatted(withArticle(action.wire()), what, member));
    }
    if (!wanted && present) {
      String bare = member.replaceFirst("^its ", "");
      throw new DeployException(
          INVALID,
          "%s names no %s: leave %s out".formatted(withArticle(action.wire()), bare, bare));
    }
  }

  private static void flag(GuardedAction action, GuardedAction.Flag flag, boolean present) {
    if (present && !action.allows(flag)) {
      throw new DeployException(
          INVALID, "%s has no %s: leave it out".formatted(withArticle(action.wire()), flag.wire()));
    }
  }

  private static String withArticle(String action) {
    return ("aeiou".indexOf(action.charAt(0)) >= 0 ? "an " : "a ") + action;
  }

  /** The stored plan the request names, checked to be the release's. */
  private Plan storedPlan(ApprovalAsk ask) {
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
    return stored;
  }

  /** Whether {@code user} may approve here: anyone when the profile names no approvers. */
  private boolean mayApprove(UserName user) {
    List<String> approvers = site().approvers();
    return approvers.isEmpty() || approvers.stream().anyMatch(user::sameAs);
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
        !a.planHash().isEmpty()
            ? " of plan " + a.planHash()
            : a.toRevision() > 0
                ? " to revision " + a.toRevision()
                : a.contentHash().isEmpty() ? "" : " of content " + a.contentHash();
    String of = a.release().isEmpty() ? "the site" : a.namespace() + "/" + a.release();
    return "#%d: %s %s%s by %s".formatted(a.id(), a.action(), of, target, a.requestedBy());
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
