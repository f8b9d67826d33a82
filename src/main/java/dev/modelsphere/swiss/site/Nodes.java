package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the site's GPU nodes look like.
 *
 * @param gpusPerNode GPUs on one node, used to derive {@code cache.maxSlotsPerNode}; 0 turns that
 *     rule off
 */
public record Nodes(@JsonInclude(JsonInclude.Include.NON_DEFAULT) int gpusPerNode) {
  public static Nodes unknown() {
    return new Nodes(0);
  }
}
