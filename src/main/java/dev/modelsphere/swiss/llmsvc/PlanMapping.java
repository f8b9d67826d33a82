package dev.modelsphere.swiss.llmsvc;

import dev.modelsphere.swiss.llmsvc.MappingException.Kind;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Layer;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.SourceRef;
import dev.modelsphere.swiss.values.Tree;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A plan as an LLMService and back (reference/backends.md §3.4). The object carries the plan's
 * chart, layers and model in its spec and the rest of the plan (hash, source, profile) in swiss
 * annotations, so a plan read back from the object is the plan that was written, hash and all.
 */
public final class PlanMapping {
  private static final List<String> LAYER_ORDER = Layer.ORDER;

  private PlanMapping() {}

  /**
   * The LLMService that deploys the plan. {@code createNamespace} and the helmfile are not carried:
   * the object lives in an existing namespace and the operator renders nothing from a helmfile.
   *
   * @param action what this write is ({@code install}, {@code apply}, {@code rollback}); may be
   *     empty
   * @param note the operator's note; may be empty
   * @throws MappingException {@link Kind#NIL_PLAN}, {@link Kind#CHART_PATH} or {@link
   *     Kind#CHART_REPO}
   */
  public static LlmService fromPlan(Plan plan, String action, String note) {
    if (plan == null) {
      throw new MappingException(Kind.NIL_PLAN, "nil plan: there is no plan to map");
    }
    ChartRef chart = plan.chart();
    requireRepo(chart);
    LlmService svc = new LlmService();
    ObjectMeta metadata = new ObjectMeta();
    metadata.setName(plan.release().name());
    metadata.setNamespace(plan.release().namespace());
    Map<String, String> annotations = annotations(plan, action, note);
    if (!annotations.isEmpty()) {
      metadata.setAnnotations(annotations);
    }
    svc.setMetadata(metadata);
    svc.setSpec(
        new LlmServiceSpec(
            new Chart(chart.name(), chart.repo(), chart.version(), null),
            layers(plan),
            model(plan),
            null));
    return svc;
  }

  /**
   * The plan the object deploys. An object swiss annotated with a plan hash must still give that
   * hash; one without (an external object) gets a computed hash that nothing checks.
   *
   * @throws MappingException {@link Kind#NIL_OBJECT}, a layer problem ({@link Kind#UNKNOWN_LAYER},
   *     {@link Kind#DUPLICATE_LAYER}, {@link Kind#LAYER_ORDER}) or {@link Kind#HASH_MISMATCH}
   */
  public static Plan toPlan(LlmService svc) {
    if (svc == null || svc.getSpec() == null) {
      throw new MappingException(
          Kind.NIL_OBJECT,
          "no LLMService spec to read a plan from" + (svc == null ? "" : ref(svc)));
    }
    Map<String, String> annotations = annotationsOf(svc.getMetadata());
    Plan plan = unhashedPlan(svc, annotations);
    String computed = plan.computeHash();
    verifyAnnotatedHash(svc, annotations, computed);
    return plan.withHash(computed).withHelmfile();
  }

  /** True iff swiss did not deploy the object: no swiss annotation, or no object at all. */
  public static boolean isExternal(LlmService svc) {
    return SwissAnnotations.isExternal(svc);
  }

  /** The operator pulls charts from repositories only: it has no file system to read a path in. */
  private static void requireRepo(ChartRef chart) {
    if (chart.repo().isEmpty()) {
      if (!chart.path().isEmpty()) {
        throw new MappingException(
            Kind.CHART_PATH,
            "a chartPath plan cannot use llmsvc: the operator has no path (chart "
                + chart.path()
                + "); publish the chart to a repository or deploy with helm");
      }
      throw new MappingException(
          Kind.CHART_REPO,
          "llmsvc requires a chart repo: chart \"" + chart.name() + "\" names none");
    }
  }

  /** The plan the object describes, its hash not yet set. */
  private static Plan unhashedPlan(LlmService svc, Map<String, String> annotations) {
    LlmServiceSpec spec = svc.getSpec();
    ObjectMeta metadata = svc.getMetadata() == null ? new ObjectMeta() : svc.getMetadata();
    Chart chart = spec.chart() == null ? new Chart(null, null, null, null) : spec.chart();
    Model model = spec.model() == null ? new Model(null, null, null, null, null) : spec.model();
    return new Plan(
        Plan.API_VERSION,
        new ReleaseRef(metadata.getName(), metadata.getNamespace()),
        new SourceRef(
            annotations.get(SwissAnnotations.CATALOG),
            annotations.get(SwissAnnotations.CATALOG_NAME),
            annotations.get(SwissAnnotations.CATALOG_REF),
            model.name(),
            model.hf(),
            model.version(),
            annotations.get(SwissAnnotations.ENTRY_DIGEST),
            model.variant()),
        new ChartRef(chart.name(), chart.version(), chart.repo(), ""),
        model.engine(),
        annotations.get(SwissAnnotations.PROFILE),
        planLayers(svc),
        false,
        null,
        null);
  }

  /**
   * An annotated hash is swiss's record of what it wrote; content that no longer gives it was
   * edited.
   */
  private static void verifyAnnotatedHash(
      LlmService svc, Map<String, String> annotations, String computed) {
    if (annotations.containsKey(SwissAnnotations.PLAN_HASH)) {
      String annotated = annotations.get(SwissAnnotations.PLAN_HASH);
      if (!annotated.equals(computed)) {
        throw new MappingException(
            Kind.HASH_MISMATCH,
            "LLMService"
                + ref(svc)
                + " was edited after swiss wrote it: its annotation "
                + SwissAnnotations.PLAN_HASH
                + " is "
                + annotated
                + " but its spec gives "
                + computed
                + "; apply a plan through swiss to make them agree again");
      }
    }
  }

  private static Map<String, String> annotations(Plan plan, String action, String note) {
    SourceRef source = plan.source();
    Map<String, String> out = new LinkedHashMap<>();
    putUnlessEmpty(out, SwissAnnotations.PLAN_HASH, plan.hash());
    putUnlessEmpty(out, SwissAnnotations.CATALOG, source.catalog());
    putUnlessEmpty(out, SwissAnnotations.CATALOG_NAME, source.catalogName());
    putUnlessEmpty(out, SwissAnnotations.CATALOG_REF, source.ref());
    putUnlessEmpty(out, SwissAnnotations.ENTRY_DIGEST, source.digest());
    putUnlessEmpty(out, SwissAnnotations.PROFILE, plan.profile());
    putUnlessEmpty(out, SwissAnnotations.ACTION, action);
    putUnlessEmpty(out, SwissAnnotations.NOTE, note);
    return out;
  }

  private static void putUnlessEmpty(Map<String, String> out, String key, String value) {
    if (value != null && !value.isEmpty()) {
      out.put(key, value);
    }
  }

  /** The plan's non-empty layers, already in merge order; null when there are none. */
  private static List<LayerSpec> layers(Plan plan) {
    List<LayerSpec> out = new ArrayList<>();
    plan.layers().forEach((name, tree) -> out.add(new LayerSpec(name, Tree.copy(tree))));
    return out.isEmpty() ? null : out;
  }

  private static Model model(Plan plan) {
    SourceRef source = plan.source();
    Model model =
        new Model(
            nullIfEmpty(source.model()),
            nullIfEmpty(source.version()),
            nullIfEmpty(source.variant()),
            nullIfEmpty(source.hf()),
            nullIfEmpty(plan.engine()));
    return model.equals(new Model(null, null, null, null, null)) ? null : model;
  }

  private static String nullIfEmpty(String s) {
    return s == null || s.isEmpty() ? null : s;
  }

  /**
   * The object's layers by name. A plan merges its layers in one fixed order while the operator
   * merges {@code spec.layers} in list order, so a list a plan would merge differently is refused
   * rather than described wrongly.
   */
  private static Map<String, Map<String, Object>> planLayers(LlmService svc) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    List<LayerSpec> layers = svc.getSpec().layers();
    if (layers == null) {
      return out;
    }
    int lastRank = -1;
    for (LayerSpec layer : layers) {
      if (layer == null
          || layer.name() == null
          || layer.name().isEmpty()
          || layer.values() == null
          || layer.values().isEmpty()) {
        continue;
      }
      String name = layer.name();
      int rank = LAYER_ORDER.indexOf(name);
      if (rank < 0) {
        throw new MappingException(
            Kind.UNKNOWN_LAYER,
            "LLMService"
                + ref(svc)
                + " has layer \""
                + name
                + "\", which a plan cannot hold: want one of "
                + LAYER_ORDER);
      }
      if (out.containsKey(name)) {
        throw new MappingException(
            Kind.DUPLICATE_LAYER, "LLMService" + ref(svc) + " has layer \"" + name + "\" twice");
      }
      if (rank < lastRank) {
        throw new MappingException(
            Kind.LAYER_ORDER,
            "LLMService"
                + ref(svc)
                + " lists layer \""
                + name
                + "\" after "
                + List.copyOf(out.keySet())
                + ": a plan merges layers in the order "
                + LAYER_ORDER);
      }
      lastRank = rank;
      out.put(name, JsonValues.copy(layer.values()));
    }
    return out;
  }

  private static Map<String, String> annotationsOf(ObjectMeta metadata) {
    Map<String, String> out = new LinkedHashMap<>();
    if (metadata != null && metadata.getAnnotations() != null) {
      metadata.getAnnotations().forEach((k, v) -> out.put(k, v == null ? "" : v));
    }
    return out;
  }

  private static String ref(LlmService svc) {
    ObjectMeta m = svc.getMetadata();
    if (m == null) {
      return "";
    }
    return m.getNamespace() == null
        ? " " + m.getName()
        : " " + m.getNamespace() + "/" + m.getName();
  }
}
