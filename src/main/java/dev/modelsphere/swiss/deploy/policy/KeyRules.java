package dev.modelsphere.swiss.deploy.policy;

import dev.modelsphere.swiss.site.PolicyKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The keys a user layer (the form, the hand edit) may set, as the site's {@code policy.keys} says.
 * Every value a layer sets is looked at, inside lists too ({@code sidecars.0.command}), so a key
 * cannot hide in a list item; a null (which deletes a chart default) counts as setting the key.
 */
final class KeyRules {
  private final List<KeyPattern> allow;
  private final List<KeyPattern> deny;

  KeyRules(PolicyKeys keys) {
    this.allow = keys.allow().stream().map(KeyPattern::of).toList();
    this.deny = keys.deny().stream().map(KeyPattern::of).toList();
  }

  /** Every key {@code tree}, the {@code layer} layer, sets against the rules. */
  List<Finding> check(String layer, Map<String, ?> tree) {
    List<Finding> findings = new ArrayList<>();
    walk(tree, new ArrayList<>(), (path, value) -> judge(layer, path, value, findings));
    return findings;
  }

  private void judge(String layer, List<String> path, Object value, List<Finding> findings) {
    String key = String.join(".", path);
    deny.stream()
        .filter(pattern -> pattern.covers(path))
        .findFirst()
        .ifPresent(
            pattern ->
                findings.add(
                    new Finding(
                        key,
                        ("the %s layer sets %s to %s, a key the site's policy keeps from users"
                                + " (policy.keys.deny: %s): remove it, or have the site take %s out"
                                + " of policy.keys.deny")
                            .formatted(
                                layer, key, Shown.value(value), pattern.text(), pattern.text()))));
    if (!allow.isEmpty() && allow.stream().noneMatch(pattern -> pattern.covers(path))) {
      findings.add(
          new Finding(
              key,
              ("the %s layer sets %s to %s, a key outside those the site's policy lets users set"
                      + " (policy.keys.allow: %s): remove it, or have the site add it to"
                      + " policy.keys.allow")
                  .formatted(
                      layer,
                      key,
                      Shown.value(value),
                      String.join(", ", allow.stream().map(KeyPattern::text).toList()))));
    }
  }

  private interface Leaf {
    void at(List<String> path, Object value);
  }

  private static void walk(Object node, List<String> path, Leaf leaf) {
    if (node instanceof Map<?, ?> map && !map.isEmpty()) {
      map.forEach((key, child) -> walk(child, with(path, String.valueOf(key)), leaf));
    } else if (node instanceof List<?> list && !list.isEmpty() && !path.isEmpty()) {
      // The list itself is a value the layer sets; its items are looked into as well.
      leaf.at(path, node);
      for (int i = 0; i < list.size(); i++) {
        if (list.get(i) instanceof Map<?, ?> || list.get(i) instanceof List<?>) {
          walk(list.get(i), with(path, Integer.toString(i)), leaf);
        }
      }
    } else if (!path.isEmpty()) {
      leaf.at(path, node);
    }
  }

  private static List<String> with(List<String> path, String segment) {
    List<String> longer = new ArrayList<>(path);
    longer.add(segment);
    return longer;
  }
}
