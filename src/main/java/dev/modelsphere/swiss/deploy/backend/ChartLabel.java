package dev.modelsphere.swiss.deploy.backend;

/** A chart as helm prints it in lists: {@code <name>-<version>}. */
public final class ChartLabel {
  private ChartLabel() {}

  /** Empty without a name; the bare name without a version. */
  public static String of(String name, String version) {
    if (name == null || name.isEmpty()) {
      return "";
    }
    return version == null || version.isEmpty() ? name : name + "-" + version;
  }
}
