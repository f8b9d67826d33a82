package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.catalog.ChartVersionSpec;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Layer;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.SourceRef;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.ValuesException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a catalog variant, a site profile and the operator's input into a plan.
 *
 * <p>Precedence is merge order alone: catalog, site, derived, form, edit. Each layer is kept as its
 * own document so a reader can see which layer set a value and which it overrode.
 */
public final class Composer {
  private Composer() {}

  public static Plan compose(ComposeRequest req) {
    String release = required(req.release());
    String namespace = namespaceOf(req, release);
    String chartVersion = chartVersionOf(req.variant(), req.chartVersion());

    Map<String, Object> catalog =
        wrap("catalog layer", () -> CatalogLayer.build(req.entry(), req.variant()));
    Map<String, Object> site =
        wrap("site layer", () -> SiteLayer.build(req.profile(), req.variant()));
    Map<String, Object> form = Tree.copy(req.form());
    Map<String, Object> derived = Tree.empty();
    addDefaults(req, catalog, site, derived, form);

    Map<String, Map<String, Object>> layers = new LinkedHashMap<>();
    putIfPresent(layers, Layer.CATALOG.wireName(), catalog);
    putIfPresent(layers, Layer.SITE.wireName(), site);
    putIfPresent(layers, Layer.DERIVED.wireName(), derived);
    putIfPresent(layers, Layer.FORM.wireName(), form);
    putIfPresent(layers, Layer.EDIT.wireName(), Tree.copy(req.edits()));

    Entry entry = req.entry();
    Variant variant = req.variant();
    Profile profile = req.profile();
    Plan plan =
        new Plan(
            Plan.API_VERSION,
            new ReleaseRef(release, namespace),
            new SourceRef(
                req.catalogLocation(),
                req.catalogName(),
                req.catalogRef(),
                entry.name(),
                entry.source() == null ? null : entry.source().hf(),
                entry.version(),
                entry.digest(),
                variant.id()),
            new ChartRef(
                variant.chart().name(), chartVersion, profile.chartRepo(), profile.chartPath()),
            variant.engine(),
            profile.name(),
            layers,
            req.createNamespace(),
            null,
            null);
    return plan.withHash().withHelmfile();
  }

  private static String required(String release) {
    if (release == null || release.isEmpty()) {
      throw new ComposeException(
          "release name is required: pass --release, or a model to name it after");
    }
    return release;
  }

  /** backends.md §1.5: the request's namespace, else the site profile's. */
  private static String namespaceOf(ComposeRequest req, String release) {
    String ns = req.namespace();
    if (ns == null || ns.isEmpty()) {
      ns = req.profile().namespace();
    }
    if (ns == null || ns.isEmpty()) {
      throw new ComposeException(
          "no namespace for release \"%s\": pass one, or set namespace in the site profile"
              .formatted(release));
    }
    return ns;
  }

  private static String chartVersionOf(Variant variant, String resolved) {
    if (resolved != null && !resolved.isEmpty()) {
      return resolved;
    }
    ChartVersionSpec spec = ChartVersionSpec.parse(variant.chart().version());
    if (!spec.isExact()) {
      throw new ComposeException(
          "chart version \""
              + spec
              + "\" is a range: resolve it before composing"
              + " (name a chart version, or give the chart repository to list)");
    }
    return spec.exact();
  }

  /**
   * Values that follow from the other layers. The local path and scheduling go into the site layer
   * because they are the site's answers; feature switches and cache slots are derived.
   */
  private static void addDefaults(
      ComposeRequest req,
      Map<String, Object> catalog,
      Map<String, Object> site,
      Map<String, Object> derived,
      Map<String, Object> form) {
    Profile profile = req.profile();
    Entry entry = req.entry();
    String hf = entry.source() == null ? "" : entry.source().hf();
    try {
      Tree.set(site, "model.localPath", profile.localPath(hf, entry.name()));
      setIfPresent(site, "priorityClassName", profile.schedule().priorityClassName());
      setIfPresent(site, "schedulerName", profile.schedule().schedulerName());
      Features.derive(derived, form);
      CacheSlots.derive(derived, catalog, site, profile, req.variant());
    } catch (ValuesException e) {
      throw new ComposeException(e.getMessage(), e);
    }
  }

  private static void setIfPresent(Map<String, Object> tree, String path, String value) {
    if (value != null && !value.isEmpty()) {
      Tree.set(tree, path, value);
    }
  }

  private static void putIfPresent(
      Map<String, Map<String, Object>> layers, String name, Map<String, Object> layer) {
    if (layer != null && !layer.isEmpty()) {
      layers.put(name, layer);
    }
  }

  private static Map<String, Object> wrap(
      String what, java.util.function.Supplier<Map<String, Object>> build) {
    try {
      return build.get();
    } catch (ValuesException e) {
      throw new ComposeException(what + ": " + e.getMessage(), e);
    }
  }
}
