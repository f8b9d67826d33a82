package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;
import java.util.Map;

/**
 * One applied revision; {@code appliedAt} is RFC 3339, kept as text like the API server sends it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HistoryEntry(
    @Required Integer revision,
    @Required String hash,
    @Required String appliedAt,
    @Required String controllerRevision,
    Map<String, String> annotations,
    Boolean forceConflicts,
    String action) {
  public HistoryEntry {
    annotations = annotations == null ? null : Map.copyOf(annotations);
  }
}
