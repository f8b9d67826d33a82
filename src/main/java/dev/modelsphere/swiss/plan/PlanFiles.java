package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A plan as a folder of files: one values file per layer, the helmfile document and {@code
 * plan.yaml} with the rest. This is also the content of the {@code swiss-plan-<release>} ConfigMap
 * beside a release.
 */
public final class PlanFiles {
  public static final String META_FILE = "plan.yaml";
  public static final String HELMFILE_FILE = "helmfile.yaml";

  private PlanFiles() {}

  /**
   * The files of a plan, by name: {@code <layer>.yaml} for each present layer, {@code
   * helmfile.yaml} when the chart can be addressed, and {@code plan.yaml}.
   *
   * @param chartRoot used by the helmfile when the plan names no chart repo or path; may be empty
   */
  public static Map<String, String> files(Plan plan, String chartRoot) {
    Map<String, String> out = new LinkedHashMap<>();
    plan.layers().forEach((name, tree) -> out.put(Layer.fileName(name), Yaml.write(tree)));
    try {
      out.put(HELMFILE_FILE, Helmfile.render(plan, chartRoot));
    } catch (PlanException notRenderable) {
      // A plan whose chart has no address here is still a plan; it just has no helmfile.
    }
    Plan meta = plan.withLayers(Map.of()).withHelmfile(null);
    out.put(META_FILE, PlanJson.toYaml(meta));
    return out;
  }

  /**
   * Reassembles a plan from its files. The stored hash is kept as it is; call {@link
   * Plan#verifyHash()} to check it.
   *
   * @throws PlanException when {@code plan.yaml} is missing or a file does not parse
   */
  /**
   * The plan in {@code files}, or empty when there are none or they do not parse: a ConfigMap
   * edited by hand then claims nothing rather than blocking every deploy.
   */
  public static Optional<Plan> readable(Map<String, String> files) {
    if (files == null || files.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(fromFiles(files));
    } catch (PlanException unreadable) {
      return Optional.empty();
    }
  }

  public static Plan fromFiles(Map<String, String> files) {
    String meta = files.get(META_FILE);
    if (meta == null) {
      throw new PlanException("no " + META_FILE + ": these files do not hold a plan");
    }
    Plan plan = PlanJson.fromYaml(META_FILE, meta);
    Map<String, Map<String, Object>> layers = new LinkedHashMap<>();
    for (String name : Layer.ORDER) {
      String file = Layer.fileName(name);
      if (!files.containsKey(file)) {
        continue;
      }
      try {
        Map<String, Object> tree = Yaml.tree(file, files.get(file));
        if (!tree.isEmpty()) {
          layers.put(name, tree);
        }
      } catch (ValuesException e) {
        // The message already starts with the file name.
        throw new PlanException(e.getMessage(), e);
      }
    }
    return plan.withLayers(layers).withHelmfile(files.get(HELMFILE_FILE));
  }
}
