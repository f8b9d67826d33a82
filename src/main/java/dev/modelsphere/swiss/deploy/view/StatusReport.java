package dev.modelsphere.swiss.deploy.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.modelsphere.swiss.canary.Relationship;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.values.Nulls;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * The answer of {@code GET /api/releases/{namespace}/{release}/status} (reference server.md §6.1,
 * backends.md §3.9), with the Canary relationship of spec/canary.md §4 at its top level and, per
 * pod, the startup progress the reference lacked. An empty or null member is left out, save the
 * identity, the pods, the auth prefix and the relationship, which always stand.
 *
 * @param exists helm stores the release, or its LLMService exists
 * @param pods the release's pods, never null
 * @param ready how many of them are ready
 * @param total how many there are
 * @param route the route the plan publishes
 * @param url where the route is reached: the profile's gateway and the route
 * @param model the served model name
 * @param authHeader the header a client sends its key in
 * @param authPrefix what goes before the key; always present, empty for a custom header
 * @param warning what could not be read, and unfinished clean-up
 * @param drift the catalog entry's digest moved since this was deployed
 * @param planStatus {@code status.yaml} beside a helm release, when it has a phase
 * @param llmservice the LLMService's own status, for an LLMService-backed release
 * @param uid the LLMService's uid
 */
@JsonInclude(Include.NON_EMPTY)
@RecordBuilder
public record StatusReport(
    @JsonInclude(Include.ALWAYS) String release,
    @JsonInclude(Include.ALWAYS) String namespace,
    boolean exists,
    int revision,
    String helmStatus,
    @JsonInclude(Include.ALWAYS) List<PodView> pods,
    int ready,
    int total,
    String route,
    String url,
    String model,
    String authHeader,
    @JsonInclude(Include.ALWAYS) String authPrefix,
    String warning,
    String drift,
    PlanStatus planStatus,
    String backend,
    @JsonInclude(Include.NON_DEFAULT) boolean cleanupPending,
    LlmServiceState llmservice,
    @JsonInclude(Include.ALWAYS) @JsonUnwrapped Relationship canary,
    String uid)
    implements StatusReportBuilder.With {

  public StatusReport {
    helmStatus = Nulls.orEmpty(helmStatus);
    pods = pods == null ? List.of() : List.copyOf(pods);
    route = Nulls.orEmpty(route);
    url = Nulls.orEmpty(url);
    model = Nulls.orEmpty(model);
    authHeader = Nulls.orEmpty(authHeader);
    authPrefix = Nulls.orEmpty(authPrefix);
    warning = Nulls.orEmpty(warning);
    drift = Nulls.orEmpty(drift);
    backend = Nulls.orEmpty(backend);
    canary = canary == null ? Relationship.STANDALONE : canary;
    uid = Nulls.orEmpty(uid);
  }

  /** Nothing known yet about the release but its name. */
  static StatusReport of(String namespace, String release) {
    return new StatusReport(
        release,
        namespace,
        false,
        0,
        "",
        List.of(),
        0,
        0,
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        null,
        "",
        false,
        null,
        Relationship.STANDALONE,
        "");
  }

  /** This report with {@code text} added to its warning, separated by {@code "; "}. */
  StatusReport withWarningAdded(String text) {
    return withWarning(warning.isEmpty() ? text : warning + "; " + text);
  }

  /**
   * An LLMService's status as the operator wrote it.
   *
   * @param revision helm's revision the operator last observed
   */
  public record LlmServiceState(
      String phase, String message, int revision, List<Condition> conditions) {}

  /** One of the LLMService's conditions. */
  public record Condition(String type, String status, String reason, String message) {}
}
