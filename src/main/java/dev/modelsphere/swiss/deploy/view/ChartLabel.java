package dev.modelsphere.swiss.deploy.view;

/** A chart as helm prints it in lists: {@code <name>-<version>}. */
final class ChartLabel {
  private ChartLabel() {}

  /** Empty without a name; the bare name without a version. */
  static String of(String name, String version) {
    if (name == null || name.isEmpty()) {
      return "";
    }
    return version == null || version.isEmpty() ? name : name + "-" + version;
  }
}
