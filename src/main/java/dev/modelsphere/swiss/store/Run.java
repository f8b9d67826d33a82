package dev.modelsphere.swiss.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import dev.modelsphere.swiss.values.Nulls;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;

/**
 * One row of the audit log, in the reference's wire form: optional fields are left out when empty.
 *
 * @param id assigned by the database; 0 before the row is recorded
 * @param action {@code apply}, {@code install}, {@code rollback} or {@code uninstall}
 * @param planHash the plan applied; empty when there was none (an uninstall of an untracked
 *     release)
 * @param actor who asked: the logged-in user, or the user a trusted proxy named
 * @param output what the backend printed; only a single-run read carries it
 * @param revision the helm revision after the run; 0 when it failed
 * @param approvedBy who approved the write, on a site that requires approval; empty otherwise
 */
@RecordBuilder
public record Run(
    long id,
    String namespace,
    String release,
    String action,
    String planHash,
    @JsonInclude(Include.NON_EMPTY) String actor,
    boolean changed,
    @JsonInclude(Include.NON_EMPTY) String error,
    @JsonInclude(Include.NON_EMPTY) String output,
    @JsonInclude(Include.NON_EMPTY) String note,
    @JsonInclude(Include.NON_DEFAULT) int revision,
    Instant startedAt,
    Instant endedAt,
    @JsonInclude(Include.NON_EMPTY) String approvedBy)
    implements RunBuilder.With {

  public Run {
    namespace = Nulls.orEmpty(namespace);
    release = Nulls.orEmpty(release);
    action = Nulls.orEmpty(action);
    planHash = Nulls.orEmpty(planHash);
    actor = Nulls.orEmpty(actor);
    error = Nulls.orEmpty(error);
    output = Nulls.orEmpty(output);
    note = Nulls.orEmpty(note);
    startedAt = startedAt == null ? Instant.EPOCH : startedAt;
    endedAt = endedAt == null ? Instant.EPOCH : endedAt;
    approvedBy = Nulls.orEmpty(approvedBy);
  }

  /** A run of a write nobody had to approve. */
  public Run(
      long id,
      String namespace,
      String release,
      String action,
      String planHash,
      String actor,
      boolean changed,
      String error,
      String output,
      String note,
      int revision,
      Instant startedAt,
      Instant endedAt) {
    this(
        id, namespace, release, action, planHash, actor, changed, error, output, note, revision,
        startedAt, endedAt, "");
  }
}
