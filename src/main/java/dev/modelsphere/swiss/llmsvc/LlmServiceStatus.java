package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;

/** What the operator last observed; swiss reads it, never writes it outside tests. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LlmServiceStatus(
    Long observedGeneration,
    Phase phase,
    List<Condition> conditions,
    String message,
    ResolvedChart chart,
    String appliedHash,
    HelmRelease helm,
    List<HistoryEntry> history) {
  public LlmServiceStatus {
    conditions = conditions == null ? null : List.copyOf(conditions);
    history = history == null ? null : List.copyOf(history);
  }

  /** The helm revision the operator last observed; 0 when it has observed none. */
  public int helmRevision() {
    return helm == null || helm.revision() == null ? 0 : helm.revision();
  }
}
