package dev.modelsphere.swiss.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.modelsphere.swiss.chartrepo.ChartSource;
import dev.modelsphere.swiss.values.Yaml;
import java.nio.file.Path;
import java.util.List;

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
    Addressing source = Addressing.of(plan.chart(), chartRoot);
    List<Repository> repositories =
        source.repositoryUrl() == null
            ? List.of()
            : List.of(new Repository(REPO_ALIAS, source.repositoryUrl()));
    Defaults defaults = new Defaults(plan.createNamespace());
    Release release =
        new Release(
            plan.release().name(),
            plan.release().namespace(),
            source.chart(),
            source.versioned() ? plan.chart().version() : null,
            plan.valuesFiles());
    return Yaml.write(new Document(repositories, defaults, List.of(release)));
  }

  // The document's parts are records so that they keep the reference's key order when written.

  private record Document(
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Repository> repositories,
      Defaults helmDefaults,
      List<Release> releases) {}

  private record Repository(String name, String url) {}

  private record Defaults(
      @JsonProperty("wait") boolean waitForResources,
      boolean atomic,
      boolean cleanupOnFail,
      boolean createNamespace,
      int historyMax,
      List<String> diffArgs) {
    Defaults(boolean createNamespace) {
      this(false, false, false, createNamespace, HISTORY_MAX, DIFF_ARGS);
    }
  }

  private record Release(
      String name,
      String namespace,
      String chart,
      @JsonInclude(JsonInclude.Include.NON_NULL) String version,
      List<String> values) {}

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
