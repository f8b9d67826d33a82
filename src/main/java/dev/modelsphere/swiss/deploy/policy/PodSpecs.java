package dev.modelsphere.swiss.deploy.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every pod spec inside a rendered object, whatever its kind: a Pod's spec, a Deployment's or a
 * StatefulSet's template, a Job's, a CronJob's job template, a LeaderWorkerSet's leader and worker
 * templates, a custom resource's. A pod spec is any mapping with a {@code containers} list, so a
 * kind nobody listed cannot carry a pod past the check.
 */
final class PodSpecs {
  /**
   * One pod spec.
   *
   * @param object the object it sits in, {@code Kind/name}
   * @param path its path in the object, {@code spec.template.spec}
   */
  record Found(String object, String path, Map<?, ?> spec) {
    /** {@code Kind/name path.field}: where a finding is. */
    String field(String rest) {
      return "%s %s.%s".formatted(object, path, rest);
    }
  }

  private PodSpecs() {}

  static List<Found> in(Map<String, Object> object) {
    String name =
        "%s/%s"
            .formatted(
                object.getOrDefault("kind", ""),
                object.get("metadata") instanceof Map<?, ?> m ? m.get("name") : "");
    List<Found> found = new ArrayList<>();
    object.forEach((key, child) -> collect(name, key, child, found));
    return found;
  }

  private static void collect(String object, String path, Object node, List<Found> found) {
    if (node instanceof Map<?, ?> map) {
      if (map.get("containers") instanceof List<?>) {
        found.add(new Found(object, path, map));
      }
      map.forEach((key, child) -> collect(object, path + "." + key, child, found));
    } else if (node instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        collect(object, path + "[" + i + "]", list.get(i), found);
      }
    }
  }
}
