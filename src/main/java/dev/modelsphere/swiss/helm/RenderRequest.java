package dev.modelsphere.swiss.helm;

import java.util.List;
import java.util.Objects;

/**
 * Everything a render needs: the chart, the release identity, and the values documents in merge
 * order (later documents override earlier ones, exactly like repeated {@code --values} flags).
 *
 * @param chartDigest the digest the chart must have ({@link ChartRenderer#digest}), so that what is
 *     written is what was looked at; empty takes the chart as it is
 */
public record RenderRequest(
    ChartLocation chart,
    String release,
    String namespace,
    List<ValuesDocument> values,
    String chartDigest) {

  public RenderRequest {
    Objects.requireNonNull(chart, "chart");
    Objects.requireNonNull(release, "release");
    Objects.requireNonNull(namespace, "namespace");
    values = List.copyOf(values);
    chartDigest = chartDigest == null ? "" : chartDigest;
  }

  public RenderRequest(
      ChartLocation chart, String release, String namespace, List<ValuesDocument> values) {
    this(chart, release, namespace, values, "");
  }

  /** This request, refused unless the chart still has {@code digest}. */
  public RenderRequest pinnedTo(String digest) {
    return new RenderRequest(chart, release, namespace, values, digest);
  }
}
