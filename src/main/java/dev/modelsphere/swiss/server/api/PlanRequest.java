package dev.modelsphere.swiss.server.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.modelsphere.swiss.deploy.PlanInput;
import java.util.List;
import java.util.Map;

/**
 * The body of {@code POST /api/plans} and {@code POST /api/diff} (reference server.md §4.2), member
 * for member in docs/openapi.yaml. Every member is optional; what each means is {@link
 * PlanInput}'s.
 */
public record PlanRequest(
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
    @JsonProperty("overridesYAML") String overridesYaml,
    @JsonProperty("editsYAML") String editsYaml,
    boolean createNamespace,
    String chartVersion,
    String planHash,
    boolean reuseSource) {

  /** The body a client sends to compose {@code input}. */
  public static PlanRequest of(PlanInput input) {
    return new PlanRequest(
        input.fromRelease(),
        input.catalog(),
        input.model(),
        input.version(),
        input.variant(),
        input.release(),
        input.namespace(),
        input.serviceId(),
        input.localPath(),
        input.gpuProducts(),
        input.forceGpuProducts(),
        input.overrides(),
        input.overridesYaml(),
        input.editsYaml(),
        input.createNamespace(),
        input.chartVersion(),
        input.planHash(),
        input.reuseSource());
  }

  /** What the plan is composed from, with absent members made empty. */
  public PlanInput input() {
    return new PlanInput(
        fromRelease,
        catalog,
        model,
        version,
        variant,
        release,
        namespace,
        serviceId,
        localPath,
        gpuProducts,
        forceGpuProducts,
        overrides,
        overridesYaml,
        editsYaml,
        createNamespace,
        chartVersion,
        planHash,
        reuseSource);
  }
}
