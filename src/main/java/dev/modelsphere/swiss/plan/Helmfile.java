package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.chartrepo.ChartSource;
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
   * Renders the document. The chart comes from where {@link ChartRef#source} says, as swiss's own
   * render takes it, so a hand-run helmfile installs the same chart: an {@code oci://} registry is
   * addressed directly, a classic repo is declared under the alias {@code charts}, and a chart
   * folder is named by its absolute path.
   *
   * @param chartRoot folder holding charts by name, used when the plan names no repo or path; may
   *     be empty
   * @throws PlanException when none of those is available
   */
  public static String render(Plan plan, String chartRoot) {
    Addressing addressing = Addressing.of(plan.chart(), chartRoot);
    Map<String, Object> doc = new LinkedHashMap<>();
    if (addressing.repositoryUrl() != null) {
      doc.put(
          "repositories", List.of(ordered("name", REPO_ALIAS, "url", addressing.repositoryUrl())));
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
    release.put("chart", addressing.chart());
    if (addressing.versioned()) {
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
  private record Addressing(String chart, boolean versioned, String repositoryUrl) {
    static Addressing of(ChartRef ref, String chartRoot) {
      ChartSource source =
          ref.source(chartRoot).orElseThrow(() -> new PlanException(ChartRef.NO_SOURCE));
      return switch (source.kind()) {
        case OCI -> new Addressing(source.location() + "/" + ref.name(), true, null);
        case HTTP -> new Addressing(REPO_ALIAS + "/" + ref.name(), true, source.location());
        case FOLDER -> new Addressing(absolute(source.folder()), false, null);
      };
    }

    private static String absolute(Path folder) {
      return folder.toAbsolutePath().normalize().toString();
    }
  }
}
