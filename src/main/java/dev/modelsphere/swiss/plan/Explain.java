package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.GoFormat;
import dev.modelsphere.swiss.values.Tree;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The text {@code swiss plan --explain} prints: which layer set what, the value that stands, and
 * which layers were overridden. Values are printed as Go's {@code %v} prints them, so the text
 * reads the same as the reference's.
 */
public final class Explain {
  private static final int PATH_WIDTH = 40;

  private Explain() {}

  /** The explanation of a plan, ending with a newline. */
  public static String explain(Plan plan) {
    StringBuilder out = new StringBuilder();
    out.append(plan.source().model())
        .append('/')
        .append(plan.source().variant())
        .append(" -> release ")
        .append(plan.release().name())
        .append(" in ")
        .append(plan.release().namespace())
        .append('\n');
    out.append("chart ")
        .append(plan.chart().name())
        .append('-')
        .append(plan.chart().version())
        .append("   engine ")
        .append(plan.engine())
        .append("   profile ")
        .append(plan.profile())
        .append('\n');
    out.append(plan.hash()).append("\n\n");

    Map<String, Object> values = plan.values();
    plan.byLayer()
        .forEach(
            (layer, paths) -> {
              out.append(layer).append(" (").append(paths.size()).append(")\n");
              for (String path : paths) {
                line(out, path, goValue(Tree.get(values, path).value()));
              }
              out.append('\n');
            });

    List<Shadow> shadows = plan.shadowed();
    if (!shadows.isEmpty()) {
      out.append("shadowed (").append(shadows.size()).append(")\n");
      for (Shadow s : shadows) {
        line(out, s.path(), String.join(" -> ", s.under()) + " -> " + s.by());
      }
      out.append('\n');
    }
    return out.toString();
  }

  /** {@code " %-40s %s\n"}, padding by characters as Go counts them (runes). */
  private static void line(StringBuilder out, String path, String text) {
    out.append("  ").append(path);
    int width = path.codePointCount(0, path.length());
    out.append(" ".repeat(Math.max(0, PATH_WIDTH - width)));
    out.append(' ').append(text).append('\n');
  }

  /** A value as Go's {@code fmt} prints it with {@code %v}. */
  static String goValue(Object value) {
    if (value == null) {
      return "<nil>";
    }
    if (value instanceof Map<?, ?> map) {
      List<String> keys = new ArrayList<>();
      map.keySet().forEach(k -> keys.add(String.valueOf(k)));
      keys.sort(CanonicalJson.KEY_ORDER);
      return keys.stream()
          .map(k -> k + ":" + goValue(map.get(k)))
          .collect(Collectors.joining(" ", "map[", "]"));
    }
    if (value instanceof List<?> list) {
      return list.stream().map(Explain::goValue).collect(Collectors.joining(" ", "[", "]"));
    }
    if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      return GoFormat.shortestFloat(((Number) value).doubleValue());
    }
    return String.valueOf(value);
  }
}
