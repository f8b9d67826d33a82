package dev.modelsphere.swiss.chartrepo;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.IntStream;

/**
 * {@code index.yaml} text as a chart repository publishes it (digest, description, creation time
 * per version), each archive named {@code <chart>-<version>.tgz} beside the index.
 */
public final class IndexYaml {

  /** SnakeYAML's default limit on a document, in code points, which large public indexes pass. */
  public static final int SNAKEYAML_DEFAULT_LIMIT = 3 * 1024 * 1024;

  private IndexYaml() {}

  /**
   * The index listing each chart at its versions, in the order given, with made-up digests: for
   * indexes whose archives are never fetched.
   */
  public static String of(Map<String, List<String>> versionsByChart) {
    return of(versionsByChart, (chart, version) -> "%064x".formatted(version.hashCode()));
  }

  /**
   * The index listing each chart at its versions, each with the digest {@code digests} gives it
   * (bare hex, as helm writes it).
   */
  public static String of(
      Map<String, List<String>> versionsByChart, BiFunction<String, String, String> digests) {
    StringBuilder index = new StringBuilder("apiVersion: v1\nentries:\n");
    versionsByChart.forEach(
        (chart, versions) -> {
          index.append("  ").append(chart).append(":\n");
          versions.forEach(
              version -> index.append(entry(chart, version, digests.apply(chart, version))));
        });
    return index.append("generated: \"2026-01-05T10:00:00Z\"\n").toString();
  }

  /** {@code 0.0.1} to {@code 0.0.<count>}: filler versions for a large index. */
  public static List<String> fillerVersions(int count) {
    return IntStream.rangeClosed(1, count).mapToObj(n -> "0.0." + n).toList();
  }

  private static String entry(String chart, String version, String digest) {
    return """
            - apiVersion: v2
              appVersion: v0.4.0
              created: "2026-01-05T10:00:00Z"
              description: An inference server for one model, with its service, route and scaler wiring.
              digest: %s
              name: %s
              type: application
              urls:
                - %s-%s.tgz
              version: %s
        """
        .formatted(digest, chart, chart, version, version);
  }
}
