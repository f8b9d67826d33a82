package dev.modelsphere.swiss.helm;

import java.util.List;
import java.util.Objects;

/**
 * Everything a render needs: the chart, the release identity, and the values documents in merge
 * order (later documents override earlier ones, exactly like repeated {@code --values} flags).
 */
public record RenderRequest(
    ChartLocation chart, String release, String namespace, List<ValuesDocument> values) {

  public RenderRequest {
    Objects.requireNonNull(chart, "chart");
    Objects.requireNonNull(release, "release");
    Objects.requireNonNull(namespace, "namespace");
    values = List.copyOf(values);
  }
}
