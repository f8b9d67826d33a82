package dev.modelsphere.swiss.deploy.backend;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.modelsphere.swiss.values.Nulls;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * {@code status.yaml} beside a release's plan: how the last apply of it went. Written {@code
 * applying} before helm runs, then {@code applied} or {@code failed}.
 *
 * @param chartDigest the digest of the chart archive the apply installed ({@code sha256:<hex>}), so
 *     a rollback can tell whether the repository still serves it; empty when unknown
 * @param chartForcedFrom set on a rollback forced past a moved chart: the digest the restored
 *     revision had run, which the repository no longer serves
 * @param preflightSkipped the apply was written without preflight ({@code --skip-preflight})
 */
@JsonPropertyOrder({
  "phase",
  "action",
  "revision",
  "startedAt",
  "updatedAt",
  "error",
  "note",
  "forced",
  "chartDigest",
  "chartForcedFrom",
  "preflightSkipped"
})
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
@RecordBuilder
public record PlanStatus(
    @JsonProperty("phase") @JsonInclude(JsonInclude.Include.ALWAYS) String phase,
    @JsonProperty("action") String action,
    @JsonProperty("revision") int revision,
    @JsonProperty("startedAt") String startedAt,
    @JsonProperty("updatedAt") String updatedAt,
    @JsonProperty("error") String error,
    @JsonProperty("note") String note,
    @JsonProperty("forced") boolean forced,
    @JsonProperty("chartDigest") String chartDigest,
    @JsonProperty("chartForcedFrom") String chartForcedFrom,
    @JsonProperty("preflightSkipped") boolean preflightSkipped)
    implements PlanStatusBuilder.With {

  public static final String FILE = "status.yaml";
  public static final String APPLYING = "applying";
  public static final String APPLIED = "applied";
  public static final String FAILED = "failed";

  public PlanStatus {
    phase = phase == null ? "" : phase;
    action = Nulls.orEmpty(action);
    startedAt = Nulls.orEmpty(startedAt);
    updatedAt = Nulls.orEmpty(updatedAt);
    error = Nulls.orEmpty(error);
    note = Nulls.orEmpty(note);
    chartDigest = Nulls.orEmpty(chartDigest);
    chartForcedFrom = Nulls.orEmpty(chartForcedFrom);
  }

  public PlanStatus(
      String phase,
      String action,
      int revision,
      String startedAt,
      String updatedAt,
      String error,
      String note,
      boolean forced) {
    this(phase, action, revision, startedAt, updatedAt, error, note, forced, "", "", false);
  }

  public static PlanStatus applying(String action, String startedAt, String note, boolean forced) {
    return new PlanStatus(APPLYING, action, 0, startedAt, "", "", note, forced);
  }

  /** The outcome of the apply this status was started for. */
  public PlanStatus finished(int liveRevision, String updatedAt, String failure) {
    boolean failed = failure != null && !failure.isEmpty();
    return new PlanStatus(
        failed ? FAILED : APPLIED,
        action,
        liveRevision,
        startedAt,
        updatedAt,
        failed ? failure : "",
        note,
        forced,
        chartDigest,
        chartForcedFrom,
        preflightSkipped);
  }

  /** This status, of an apply that installs the chart archive with {@code digest}. */
  public PlanStatus withChart(String digest, String forcedFrom) {
    return with().chartDigest(digest).chartForcedFrom(forcedFrom).build();
  }

  public String toYaml() {
    return Yaml.write(this);
  }

  /** The status.yaml among a plan's files; an empty status when they have none. */
  public static PlanStatus in(java.util.Map<String, String> files) {
    String yaml = files.get(FILE);
    return yaml == null ? new PlanStatus("", "", 0, "", "", "", "", false) : parse(yaml);
  }

  /** Parses status.yaml; an unreadable one reads as an unknown phase rather than failing a read. */
  public static PlanStatus parse(String yaml) {
    try {
      // Tolerant of keys: a status.yaml written by a newer swiss may carry fields this one lacks.
      return Yaml.readIgnoringUnknownKeys("", yaml, PlanStatus.class);
    } catch (ValuesException e) {
      return new PlanStatus(
          "", "", 0, "", "", "status.yaml unreadable: " + e.getMessage(), "", false);
    }
  }
}
