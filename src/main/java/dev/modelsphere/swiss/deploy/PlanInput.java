package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one plan is composed from (reference server.md §4.2): a catalog variant and the operator's
 * form for a new release, or a release to carry forward. Every member is optional unless the rules
 * say otherwise. The API's body of the same shape is {@code server.api.PlanRequest}; it is kept
 * apart so that a change here cannot change the wire form unnoticed.
 *
 * @param overrides the form layer as a values tree; null or empty when the request sent none (an
 *     upgrade then carries the deployed form and edits as they are)
 * @param planHash diff only: a stored plan to diff instead of composing one
 * @param reuseSource compose from the release's live plan without the catalog (spec/canary.md §5)
 */
public record PlanInput(
    String fromRelease,
    String catalog,
    String model,
    String version,
    String variant,
    String release,
    String namespace,
    String serviceId,
    String localPath,
    List<String> gpuProducts,
    boolean forceGpuProducts,
    Map<String, Object> overrides,
    String overridesYaml,
    String editsYaml,
    boolean createNamespace,
    String chartVersion,
    String planHash,
    boolean reuseSource) {

  public PlanInput {
    fromRelease = Nulls.orEmpty(fromRelease);
    catalog = Nulls.orEmpty(catalog);
    model = Nulls.orEmpty(model);
    version = Nulls.orEmpty(version);
    variant = Nulls.orEmpty(variant);
    release = Nulls.orEmpty(release);
    namespace = Nulls.orEmpty(namespace);
    serviceId = Nulls.orEmpty(serviceId);
    localPath = Nulls.orEmpty(localPath);
    gpuProducts = gpuProducts == null ? List.of() : products(gpuProducts);
    overridesYaml = Nulls.orEmpty(overridesYaml);
    editsYaml = Nulls.orEmpty(editsYaml);
    chartVersion = Nulls.orEmpty(chartVersion);
    planHash = Nulls.orEmpty(planHash);
  }

  private static List<String> products(List<String> named) {
    if (named.stream().anyMatch(Objects::isNull)) {
      throw new DeployException(
          ErrorKind.INVALID,
          "gpuProducts holds a null entry: list GPU product names, such as NVIDIA-H100-80GB-HBM3");
    }
    return List.copyOf(named);
  }

  /** A diff's input that names the stored plan {@code planHash} and nothing else. */
  public static PlanInput ofStoredPlan(String planHash) {
    return new PlanInput(
        "", "", "", "", "", "", "", "", "", List.of(), false, null, "", "", false, "", planHash,
        false);
  }

  /**
   * The request carries form values of its own (an upgrade form, not a bare upgrade). As in the
   * reference, only {@code overrides} counts, and an empty object is none.
   */
  boolean hasOverrides() {
    return overrides != null && !overrides.isEmpty();
  }
}
