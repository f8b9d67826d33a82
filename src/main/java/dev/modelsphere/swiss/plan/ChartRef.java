package dev.modelsphere.swiss.plan;

/** The chart a plan installs: from a repository ({@code repo}) or a local folder ({@code path}). */
public record ChartRef(String name, String version, String repo, String path) {
  public ChartRef {
    name = name == null ? "" : name;
    version = version == null ? "" : version;
    repo = repo == null ? "" : repo;
    path = path == null ? "" : path;
  }
}
