package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The node-local model cache. */
public record Cache(
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean enabled,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String hostPath) {
  public Cache {
    hostPath = Text.orEmpty(hostPath);
  }

  public static Cache disabled() {
    return new Cache(false, "");
  }
}
