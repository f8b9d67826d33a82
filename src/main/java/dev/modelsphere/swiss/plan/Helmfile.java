package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.ValuesYaml;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The helmfile document of a plan: one release, its chart and its layer files in merge order. swiss
 * applies plans in process; the document is kept so a user can run helmfile by hand.
 */
public final class Helmfile {
  /** The alias under which a classic chart repository is declared. */
  static final String REPO_ALIAS = "charts";

  static final int HISTORY_MAX = 20;

  /** helm applies server-side, so helm-diff must diff server-side as well. */
  static final List<String> DIFF_ARGS = List.of("--three-way-merge", "--server-side=true");

  private Helmfile() {}

  /**
   * Renders the document. The chart is addressed, in this order, by an {@code oci://} repo, a
   * classic repo (declared under the alias {@code charts}), the chart path, or the chart root.
   *
   * @param chartRoot folder holding charts by name, used when the plan names no repo or path; may
   *     be empty
   * @throws PlanException when none of those is available
   */
  public static String render(Plan plan, String chartRoot) {
    ChartSource source = ChartSource.of(plan.chart(), chartRoot);
    Map<String, Object> doc = new LinkedHashMap<>();
    if (source.repositoryUrl() != null) {
      doc.put("repositories", List.of(ordered("name", REPO_ALIAS, "url", source.repositoryUrl())));
    }
    Map<String, Object> defaults = new LinkedHashMap<>();
    defaults.put("wait", false);
    defaults.put("atomic", false);
    defaults.put("cleanupOnFail", false);
    defaults.put("createNamespace", plan.createNamespace());
    defaults.put("historyMax", HISTORY_MAX);
    defaults.put("diffArgs", DIFF_ARGS);
    doc.put("helmDefaults", defaults);

    Map<String, Object> release = new LinkedHashMap<>();
    release.put("name", plan.release().name());
    release.put("namespace", plan.release().namespace());
    release.put("chart", source.chart());
    if (source.versioned()) {
      release.put("version", plan.chart().version());
    }
    release.put("values", plan.valuesFiles());
    doc.put("releases", List.of(release));
    return ValuesYaml.write(doc);
  }

  private static Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(k1, v1);
    m.put(k2, v2);
    return m;
  }

  /** How the release names its chart, and the repository to declare for it, if any. */
  private record ChartSource(String chart, boolean versioned, String repositoryUrl) {
    static ChartSource of(ChartRef ref, String chartRoot) {
      String repo = trimTrailingSlashes(ref.repo());
      if (ref.repo().startsWith("oci://")) {
        return new ChartSource(repo + "/" + ref.name(), true, null);
      }
      if (!ref.repo().isEmpty()) {
        return new ChartSource(REPO_ALIAS + "/" + ref.name(), true, repo);
      }
      if (!ref.path().isEmpty()) {
        return new ChartSource(absolute(ref.path(), ref.name()), false, null);
      }
      if (chartRoot != null && !chartRoot.isEmpty()) {
        return new ChartSource(absolute(chartRoot, ref.name()), false, null);
      }
      throw new PlanException(
          "no chart source: set chartRepo or chartPath in the site profile, or pass --chart-root");
    }

    private static String absolute(String folder, String name) {
      return Path.of(folder, name).toAbsolutePath().normalize().toString();
    }

    private static String trimTrailingSlashes(String url) {
      String out = url;
      while (out.endsWith("/")) {
        out = out.substring(0, out.length() - 1);
      }
      return out;
    }
  }
}
