package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.plan.Layer;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Composes a new plan from a release's live plan without the catalog ({@code reuseSource},
 * spec/canary.md §5): it works when the catalog is unreachable or no longer lists the model.
 *
 * <p>The identity (release, namespace, createNamespace), the source pins, the chart, the engine,
 * the profile and the catalog, site and derived layers are kept exactly. The operator's changes
 * merge over the live form and edit layers with helm's rules, so an explicit null stays an explicit
 * null and helm removes that key when it renders.
 */
public final class LiveRecompose {
  private LiveRecompose() {}

  /**
   * @param overridesYaml a hand-typed YAML fragment, merged over the live form layer first
   * @param overrides form fields, merged over that
   * @param editsYaml plan edits, merged over the live edit layer
   */
  public static Plan recompose(
      Plan live, String overridesYaml, Map<String, Object> overrides, String editsYaml) {
    Map<String, Object> form = Tree.copy(live.layer(Layer.FORM.wireName()));
    Tree.merge(form, parse("advanced overrides", overridesYaml));
    Tree.merge(form, overrides);
    Map<String, Object> edit = Tree.copy(live.layer(Layer.EDIT.wireName()));
    Tree.merge(edit, parse("plan edits", editsYaml));

    Map<String, Map<String, Object>> layers = new LinkedHashMap<>(live.layers());
    layers.put(Layer.FORM.wireName(), form);
    layers.put(Layer.EDIT.wireName(), edit);
    return live.withLayers(layers).withHelmfile(null).withHash().withHelmfile();
  }

  private static Map<String, Object> parse(String origin, String yaml) {
    try {
      return Yaml.tree(origin, yaml);
    } catch (ValuesException e) {
      throw new ComposeException(e.getMessage(), e);
    }
  }
}
