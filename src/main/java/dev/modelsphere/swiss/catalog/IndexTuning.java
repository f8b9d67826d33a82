package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A tuning result shown beside a model: which variant was measured against which, and by how much
 * the tuned one won. Display only; never validated.
 *
 * @param uplift percent, 44 meaning +44 %
 * @param report a file name beside the model's page on the catalog's site
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record IndexTuning(
    String version,
    String baseline,
    String optimized,
    Double uplift,
    List<Workload> workloads,
    String report) {

  public IndexTuning {
    workloads = workloads == null ? List.of() : List.copyOf(workloads);
  }

  /** The uplift measured for one workload, e.g. {@code 50k + 1.5k} tokens in and out. */
  public record Workload(String name, Double uplift) {}
}
