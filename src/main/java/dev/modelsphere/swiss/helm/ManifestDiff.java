package dev.modelsphere.swiss.helm;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.Yaml;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares manifests object by object and produces a unified diff per changed object. Fields the
 * API server or helm own (status, managedFields, resourceVersion, helm's ownership annotations,
 * ...) are ignored, so only what a plan controls can show up as a change.
 */
public final class ManifestDiff {

  private static final int CONTEXT_LINES = 3;
  private static final Set<String> SERVER_METADATA =
      Set.of(
          "managedFields",
          "resourceVersion",
          "uid",
          "creationTimestamp",
          "generation",
          "selfLink",
          "deletionTimestamp",
          "deletionGracePeriodSeconds",
          "ownerReferences",
          "finalizers");
  private static final Set<String> SERVER_ANNOTATIONS =
      Set.of(
          "meta.helm.sh/release-name",
          "meta.helm.sh/release-namespace",
          "kubectl.kubernetes.io/last-applied-configuration",
          "deployment.kubernetes.io/revision");

  private ManifestDiff() {}

  /**
   * Compares two manifests: {@code from} is what exists (a release's manifest), {@code to} what the
   * plan renders. Objects only in {@code to} are additions, only in {@code from} removals.
   */
  public static ManifestComparison compare(
      String against, String from, String to, String namespace) {
    return compare(
        against, ManifestObjects.parse(from, namespace), ManifestObjects.parse(to, namespace));
  }

  public static ManifestComparison compare(
      String against,
      Map<ObjectKey, Map<String, Object>> from,
      Map<ObjectKey, Map<String, Object>> to) {
    Set<ObjectKey> keys = new TreeSet<>(from.keySet());
    keys.addAll(to.keySet());
    List<ObjectChange> changes = new ArrayList<>();
    for (ObjectKey key : keys) {
      changes.add(change(key, from.get(key), to.get(key)));
    }
    return new ManifestComparison(against, changes);
  }

  /**
   * Compares the live objects with what the plan renders. The API server fills in defaults the
   * chart never wrote, so a live object is first cut down to the fields the rendered one has; drift
   * in a field the chart sets shows, defaults do not. {@code live} maps each rendered key to the
   * live object, or to empty when the object does not exist.
   */
  public static ManifestComparison compareLive(
      Map<ObjectKey, Optional<Map<String, Object>>> live,
      Map<ObjectKey, Map<String, Object>> rendered) {
    List<ObjectChange> changes = new ArrayList<>();
    for (Map.Entry<ObjectKey, Map<String, Object>> entry : rendered.entrySet()) {
      Optional<Map<String, Object>> current = live.getOrDefault(entry.getKey(), Optional.empty());
      Map<String, Object> projected =
          current
              .map(object -> asMap(project(normalise(object), normalise(entry.getValue()))))
              .orElse(null);
      changes.add(change(entry.getKey(), projected, entry.getValue()));
    }
    return new ManifestComparison("the live objects", changes);
  }

  private static ObjectChange change(
      ObjectKey key, Map<String, Object> from, Map<String, Object> to) {
    String before = from == null ? "" : yaml(normalise(from));
    String after = to == null ? "" : yaml(normalise(to));
    if (before.equals(after)) {
      return new ObjectChange(key, ObjectChange.Change.UNCHANGED, "");
    }
    ObjectChange.Change change =
        from == null
            ? ObjectChange.Change.ADDED
            : to == null ? ObjectChange.Change.REMOVED : ObjectChange.Change.CHANGED;
    return new ObjectChange(key, change, unified(key, before, after));
  }

  private static String unified(ObjectKey key, String before, String after) {
    List<String> a = lines(before);
    List<String> b = lines(after);
    Patch<String> patch = DiffUtils.diff(a, b);
    String name = key.toString();
    List<String> diff =
        UnifiedDiffUtils.generateUnifiedDiff(
            a.isEmpty() ? "/dev/null" : "a: " + name,
            b.isEmpty() ? "/dev/null" : "b: " + name,
            a,
            patch,
            CONTEXT_LINES);
    return String.join("\n", diff) + "\n";
  }

  private static List<String> lines(String text) {
    return text.lines().toList();
  }

  /** A copy without the fields the API server and helm own. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> normalise(Map<String, Object> object) {
    Map<String, Object> copy =
        Tree.copy(object, value -> value instanceof Integer i ? (Object) i.longValue() : value);
    copy.remove("status");
    if (copy.get("metadata") instanceof Map<?, ?> m) {
      Map<String, Object> metadata = (Map<String, Object>) m;
      SERVER_METADATA.forEach(metadata::remove);
      if (metadata.get("annotations") instanceof Map<?, ?> a) {
        SERVER_ANNOTATIONS.forEach(a::remove);
        if (a.isEmpty()) {
          metadata.remove("annotations");
        }
      }
    }
    return copy;
  }

  /** {@code live} cut down to the shape of {@code desired}: map keys desired has, list by index. */
  private static Object project(Object live, Object desired) {
    if (live instanceof Map<?, ?> liveMap && desired instanceof Map<?, ?> desiredMap) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> entry : desiredMap.entrySet()) {
        if (liveMap.containsKey(entry.getKey())) {
          out.put(
              entry.getKey().toString(), project(liveMap.get(entry.getKey()), entry.getValue()));
        }
      }
      return out;
    }
    if (live instanceof List<?> liveList && desired instanceof List<?> desiredList) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < liveList.size(); i++) {
        out.add(
            i < desiredList.size()
                ? project(liveList.get(i), desiredList.get(i))
                : liveList.get(i));
      }
      return out;
    }
    if (live instanceof Number n && desired instanceof Number) {
      return n.longValue() == n.doubleValue() ? (Object) n.longValue() : (Object) n.doubleValue();
    }
    return live;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object o) {
    return (Map<String, Object>) o;
  }

  private static String yaml(Map<String, Object> object) {
    return Yaml.write(object);
  }
}
