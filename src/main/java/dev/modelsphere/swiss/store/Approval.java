package dev.modelsphere.swiss.store;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import dev.modelsphere.swiss.values.Nulls;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;

/**
 * One approval request as stored and as the API answers it: optional members are left out when
 * empty, and so are the times of what has not happened yet.
 *
 * @param namespace the release's namespace; empty for a profile change
 * @param release empty for a profile change
 * @param planHash the plan an install, apply or adopt may write; empty otherwise
 * @param toRevision the revision a rollback may restore; 0 otherwise
 * @param contentHash {@code sha256:<hex>} of the profile text or SLO thresholds a write may store
 * @param chartDigest the {@code expectChartDigest} the write must send; empty: it must send none
 * @param forceConflicts the write may (and must) force conflicts
 * @param forceChart the rollback may (and must) go past a chart archive no longer served
 * @param revision the release's live revision when the request was made; 0 when it did not exist,
 *     and for a profile or SLO change
 * @param planDocument the stored plan document ({@code PlanJson.toJson}) an install, apply or adopt
 *     was asked for: the hash names a plan whose members it leaves out can change under it, so the
 *     write is held to this copy. Empty for other actions and for requests older than the column.
 *     Not answered: the document is the plan's own answer, and a list would repeat it per request
 */
@RecordBuilder
public record Approval(
    long id,
    String action,
    String namespace,
    String release,
    @JsonInclude(Include.NON_EMPTY) String planHash,
    @JsonInclude(Include.NON_DEFAULT) int toRevision,
    @JsonInclude(Include.NON_EMPTY) String contentHash,
    @JsonInclude(Include.NON_EMPTY) String chartDigest,
    @JsonInclude(Include.NON_DEFAULT) boolean forceConflicts,
    @JsonInclude(Include.NON_DEFAULT) boolean forceChart,
    @JsonInclude(Include.NON_EMPTY) String note,
    int revision,
    String state,
    String requestedBy,
    Instant requestedAt,
    Instant expiresAt,
    @JsonInclude(Include.NON_EMPTY) String decidedBy,
    @JsonInclude(Include.NON_NULL) Instant decidedAt,
    @JsonInclude(Include.NON_EMPTY) String decisionNote,
    @JsonInclude(Include.NON_NULL) Instant spentAt,
    @JsonIgnore String planDocument)
    implements ApprovalBuilder.With {

  public static final String PENDING = "pending";
  public static final String APPROVED = "approved";
  public static final String REJECTED = "rejected";
  public static final String SPENT = "spent";
  public static final String EXPIRED = "expired";

  public Approval {
    action = Nulls.orEmpty(action);
    namespace = Nulls.orEmpty(namespace);
    release = Nulls.orEmpty(release);
    planHash = Nulls.orEmpty(planHash);
    contentHash = Nulls.orEmpty(contentHash);
    chartDigest = Nulls.orEmpty(chartDigest);
    note = Nulls.orEmpty(note);
    state = Nulls.orEmpty(state);
    requestedBy = Nulls.orEmpty(requestedBy);
    decidedBy = Nulls.orEmpty(decidedBy);
    decisionNote = Nulls.orEmpty(decisionNote);
    planDocument = Nulls.orEmpty(planDocument);
  }

  /**
   * A new request, pending, before the database gave it an id; what it names beyond its release is
   * added with the {@code with...} methods.
   */
  public static Approval pending(
      String action,
      String namespace,
      String release,
      String note,
      int revision,
      String requestedBy,
      Instant requestedAt,
      Instant expiresAt) {
    return new Approval(
        0,
        action,
        namespace,
        release,
        "",
        0,
        "",
        "",
        false,
        false,
        note,
        revision,
        PENDING,
        requestedBy,
        requestedAt,
        expiresAt,
        "",
        null,
        "",
        null,
        "");
  }

  /** Whether it is past its expiry at {@code now} while it could still have been used. */
  public boolean due(Instant now) {
    return (PENDING.equals(state) || APPROVED.equals(state)) && !now.isBefore(expiresAt);
  }
}
