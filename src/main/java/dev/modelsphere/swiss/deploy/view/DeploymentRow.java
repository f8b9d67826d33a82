package dev.modelsphere.swiss.deploy.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.modelsphere.swiss.canary.Relationship;
import dev.modelsphere.swiss.deploy.backend.ReleaseBackend;
import dev.modelsphere.swiss.values.Nulls;
import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * One row of {@code GET /api/deployments} (reference server.md §3.8), with the Canary relationship
 * of spec/canary.md §4 at its top level. An empty or null member is left out, as the reference's
 * {@code omitempty} has it; the release's identity, its backend and the relationship always stand.
 *
 * @param revision helm's revision; 0 when unknown
 * @param updated when helm last deployed it, RFC 3339 UTC
 * @param model the catalog's model id from the plan
 * @param catalogRef the catalog ref the plan was composed from
 * @param catalog the site's catalog the release belongs to
 * @param phase {@code status.yaml}'s phase (helm) or the LLMService's phase
 * @param drift why the release is not as its plan says, several reasons joined by {@code "; "}
 * @param backend {@code helm} or {@code llmsvc}
 * @param external an LLMService swiss did not write
 * @param cleanupPending an LLMService with a helm plan ConfigMap still beside it
 * @param untracked a helm release with no plan beside it: swiss did not deploy it
 * @param uid the LLMService's uid; absent for helm releases
 * @param podsReady the release's pods that are ready; null when the pods cannot be listed
 * @param podsTotal the release's unfinished pods; null when the pods cannot be listed
 * @param gpus the GPUs its scheduled pods hold; null when the pods cannot be listed
 */
@JsonInclude(Include.NON_EMPTY)
@RecordBuilder
public record DeploymentRow(
    @JsonInclude(Include.ALWAYS) String release,
    @JsonInclude(Include.ALWAYS) String namespace,
    String chart,
    String status,
    int revision,
    String updated,
    String model,
    String variant,
    String catalogRef,
    String catalog,
    String version,
    String phase,
    String drift,
    String route,
    @JsonInclude(Include.ALWAYS) String backend,
    @JsonInclude(Include.NON_DEFAULT) boolean external,
    @JsonInclude(Include.NON_DEFAULT) boolean cleanupPending,
    @JsonInclude(Include.NON_DEFAULT) boolean untracked,
    @JsonInclude(Include.ALWAYS) @JsonUnwrapped Relationship canary,
    String uid,
    Integer podsReady,
    Integer podsTotal,
    Integer gpus)
    implements DeploymentRowBuilder.With {

  public static final String HELM = ReleaseBackend.HELM;
  public static final String LLMSVC = ReleaseBackend.LLMSVC;

  public DeploymentRow {
    chart = Nulls.orEmpty(chart);
    status = Nulls.orEmpty(status);
    updated = Nulls.orEmpty(updated);
    model = Nulls.orEmpty(model);
    variant = Nulls.orEmpty(variant);
    catalogRef = Nulls.orEmpty(catalogRef);
    catalog = Nulls.orEmpty(catalog);
    version = Nulls.orEmpty(version);
    phase = Nulls.orEmpty(phase);
    drift = Nulls.orEmpty(drift);
    route = Nulls.orEmpty(route);
    canary = canary == null ? Relationship.STANDALONE : canary;
    uid = Nulls.orEmpty(uid);
  }

  /** A row with only its identity and backend; the rest is filled in with the withers. */
  static DeploymentRow of(String namespace, String release, String backend) {
    return new DeploymentRow(
        release,
        namespace,
        "",
        "",
        0,
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        backend,
        false,
        false,
        false,
        Relationship.STANDALONE,
        "",
        null,
        null,
        null);
  }

  /** This row with its pods counted. */
  DeploymentRow withPods(ReleasePods.Count pods) {
    return withPodsReady(pods.ready()).withPodsTotal(pods.total()).withGpus(pods.gpus());
  }

  /** This row with {@code reason} as its drift, unless it already has one. */
  DeploymentRow withDriftIfNone(String reason) {
    return drift.isEmpty() ? withDrift(reason) : this;
  }

  /** This row with {@code reason} added to its drift, separated by {@code "; "}, never twice. */
  DeploymentRow withDriftAdded(String reason) {
    if (drift.isEmpty()) {
      return withDrift(reason);
    }
    return drift.contains(reason) ? this : withDrift(drift + "; " + reason);
  }
}
