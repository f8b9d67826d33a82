package dev.modelsphere.swiss.plan;

import java.util.List;

/**
 * A path set by more than one layer: {@code by} is the layer whose value stands, {@code under} the
 * earlier layers it overrode, in merge order.
 */
public record Shadow(String path, String by, List<String> under) {
  public Shadow {
    under = List.copyOf(under);
  }
}
