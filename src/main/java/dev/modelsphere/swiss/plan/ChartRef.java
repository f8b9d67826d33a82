package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.chartrepo.ChartSource;
import java.util.Optional;

/** The chart a plan installs: from a repository ({@code repo}) or a local folder ({@code path}). */
public record ChartRef(String name, String version, String repo, String path) {

  /** What to say when {@link #source} finds nothing. */
  public static final String NO_SOURCE =
      "no chart source: set chartRepo or chartPath in the site profile, or pass --chart-root";

  public ChartRef {
    name = name == null ? "" : name;
    version = version == null ? "" : version;
    repo = repo == null ? "" : repo;
    path = path == null ? "" : path;
  }

  /**
   * Where this chart is read from, by the rule every consumer shares ({@link ChartSource#choose}):
   * the chart path, else the repository, else {@code chartRoot}.
   *
   * @param chartRoot a folder of charts given at run time; may be null or empty
   * @return empty when none is set (say {@link #NO_SOURCE})
   */
  public Optional<ChartSource> source(String chartRoot) {
    return ChartSource.choose(name, repo, path, chartRoot);
  }
}
