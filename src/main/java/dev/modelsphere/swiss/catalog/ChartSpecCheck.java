package dev.modelsphere.swiss.catalog;

/** Decides whether a variant's {@code chart.version} is a chart version or a range of them. */
interface ChartSpecCheck {

  /** Null when the spec is usable; otherwise what is wrong with it. */
  String problem(String spec);
}
