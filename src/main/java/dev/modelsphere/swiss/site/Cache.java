package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;

/** The node-local model cache. */
public record Cache(
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean enabled,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String hostPath) {
  public Cache {
    hostPath = Nulls.orEmpty(hostPath);
  }

  public static Cache disabled() {
    return new Cache(false, "");
  }
}
