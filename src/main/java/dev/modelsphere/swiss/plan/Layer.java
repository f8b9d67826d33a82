package dev.modelsphere.swiss.plan;

import java.util.Arrays;
import java.util.List;

/** The layers of a plan, lowest precedence first: a later layer overrides an earlier one. */
public enum Layer {
  /** What makes the model run: the catalog variant. */
  CATALOG("catalog"),
  /** What makes it work here: the site profile. */
  SITE("site"),
  /** Computed from catalog and site. */
  DERIVED("derived"),
  /** How much, where, how routed: the deploy form or CLI flags. */
  FORM("form"),
  /** Typed into the plan editor, applied last. */
  EDIT("edit");

  /** The wire names in merge order. */
  public static final List<String> ORDER = Arrays.stream(values()).map(Layer::wireName).toList();

  private final String wireName;

  Layer(String wireName) {
    this.wireName = wireName;
  }

  /** The name used in plan documents, file names and reports. */
  public String wireName() {
    return wireName;
  }

  /** The file a layer is stored in beside a release: {@code <layer>.yaml}. */
  public static String fileName(String wireName) {
    return wireName + ".yaml";
  }

  /** True for one of the five layer names. */
  public static boolean isLayer(String wireName) {
    return ORDER.contains(wireName);
  }
}
