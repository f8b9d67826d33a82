package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.values.Tree;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The chart's optional features and whether each is on when the form says nothing.
 *
 * <p>A feature the form "touched" (set any key under it) is switched on, because a user who fills
 * in scaler settings means to run the scaler. An explicit {@code <feature>.enabled} in the form,
 * even null, stands as given.
 */
final class Features {
  static final Map<String, Boolean> DEFAULTS = defaults();

  private Features() {}

  private static Map<String, Boolean> defaults() {
    Map<String, Boolean> m = new LinkedHashMap<>();
    m.put("cart", true);
    m.put("modelRoute", false);
    m.put("sloRequirement", false);
    m.put("scaler", false);
    m.put("serviceMonitor", false);
    return m;
  }

  /**
   * Writes {@code <feature>.enabled} into the derived layer for every feature the form leaves open.
   */
  static void derive(Map<String, Object> derived, Map<String, Object> form) {
    DEFAULTS.forEach(
        (feature, byDefault) -> {
          if (Tree.has(form, feature + ".enabled")) {
            return;
          }
          Tree.set(derived, feature + ".enabled", touched(form, feature) || byDefault);
        });
  }

  /**
   * Whether a leaf path of the form is the feature or lies under it. A feature's name has no dot,
   * so that is a top-level key that is the name, or starts with it and a dot (a key written with a
   * dot in it): every top-level key has at least one leaf path, and no other key can.
   */
  private static boolean touched(Map<String, Object> form, String feature) {
    String under = feature + ".";
    for (String key : form.keySet()) {
      if (key.equals(feature) || key.startsWith(under)) {
        return true;
      }
    }
    return false;
  }
}
