package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.Json;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The plan as a stored document, JSON or YAML. Fields are written in the reference's struct order
 * and left out when empty; unknown fields are ignored when reading.
 */
public final class PlanJson {
  private PlanJson() {}

  /**
   * The plan as indented JSON (two spaces) with a trailing newline, as {@code swiss plan} writes
   * it.
   */
  public static String toJson(Plan plan) {
    return CanonicalJson.indented(document(plan)) + "\n";
  }

  /**
   * Reads a stored plan and checks it was not edited after it was composed. An empty stored hash is
   * accepted and filled in.
   *
   * @param origin names the document in errors (a file path, a request)
   * @throws PlanException for malformed JSON, a wrong apiVersion, or a hash that does not match
   */
  public static Plan fromJson(String origin, String json) {
    Plan plan = fromDocument(origin, stored(origin, () -> Json.tree(origin, json)));
    String computed = plan.computeHash();
    if (!plan.hash().isEmpty() && !plan.hash().equals(computed)) {
      throw new PlanException(
          origin
              + ": hash mismatch -- the plan was edited after it was"
              + " composed (it records "
              + plan.hash()
              + " but its content hashes to "
              + computed
              + "); compose it again instead of editing it");
    }
    return plan.withHash(computed);
  }

  /**
   * The plan as YAML; keys are the JSON field names. Like the reference it goes through JSON, so
   * the YAML holds exactly what the JSON holds (map keys sorted, empty fields left out).
   */
  public static String toYaml(Plan plan) {
    return Yaml.write(Json.tree("canonical JSON", CanonicalJson.compact(document(plan))));
  }

  /** Reads a plan written by {@link #toYaml}. The hash is taken as stored, not checked. */
  public static Plan fromYaml(String yaml) {
    return fromYaml("plan YAML", yaml);
  }

  /**
   * Reads a plan written by {@link #toYaml}, naming {@code origin} in errors. The hash is taken as
   * stored, not checked.
   */
  public static Plan fromYaml(String origin, String yaml) {
    return fromDocument(origin, stored(origin, () -> Yaml.tree(origin, yaml)));
  }

  /** The stored plan as a generic document; the reader's errors become the plan's. */
  private static Map<String, Object> stored(String origin, Supplier<Map<String, Object>> reader) {
    Map<String, Object> raw;
    try {
      raw = reader.get();
    } catch (ValuesException e) {
      throw new PlanException(e.getMessage(), e);
    }
    if (raw.isEmpty()) {
      throw new PlanException(origin + ": empty document, want a plan.swiss/v1 plan");
    }
    return raw;
  }

  /** The plan as an ordered document: the reference's struct order, empty fields omitted. */
  static CanonicalJson.Struct document(Plan plan) {
    // Go's encoder writes a map's keys sorted, so the reference lists layers alphabetically, not
    // in merge order.
    CanonicalJson.Struct layers = CanonicalJson.struct();
    new TreeMap<>(plan.layers()).forEach(layers::field);
    return CanonicalJson.struct()
        .field("apiVersion", plan.apiVersion())
        .field("release", release(plan.release()))
        .field("source", source(plan.source()))
        .field("chart", chart(plan.chart()))
        .field("engine", plan.engine())
        .field("profile", plan.profile())
        .omitEmpty("layers", plan.layers().isEmpty() ? null : layers)
        .omitEmpty("createNamespace", plan.createNamespace())
        .omitEmpty("helmfile", plan.helmfile())
        .field("hash", plan.hash());
  }

  static CanonicalJson.Struct release(ReleaseRef release) {
    return CanonicalJson.struct()
        .field("name", release.name())
        .field("namespace", release.namespace());
  }

  static CanonicalJson.Struct source(SourceRef source) {
    return CanonicalJson.struct()
        .omitEmpty("catalog", source.catalog())
        .omitEmpty("catalogName", source.catalogName())
        .omitEmpty("ref", source.ref())
        .field("model", source.model())
        .omitEmpty("hf", source.hf())
        .omitEmpty("version", source.version())
        .omitEmpty("digest", source.digest())
        .field("variant", source.variant());
  }

  static CanonicalJson.Struct chart(ChartRef chart) {
    return CanonicalJson.struct()
        .field("name", chart.name())
        .field("version", chart.version())
        .omitEmpty("repo", chart.repo())
        .omitEmpty("path", chart.path());
  }

  private static Plan fromDocument(String origin, Map<String, Object> raw) {
    DocumentReader doc = new DocumentReader(origin);
    String apiVersion = doc.string(raw, "apiVersion");
    if (!Plan.API_VERSION.equals(apiVersion)) {
      throw new PlanException(
          origin + ": apiVersion \"" + apiVersion + "\", want \"" + Plan.API_VERSION + "\"");
    }
    Map<String, Object> release = doc.object(raw, "release");
    Map<String, Object> source = doc.object(raw, "source");
    Map<String, Object> chart = doc.object(raw, "chart");
    return new Plan(
        apiVersion,
        new ReleaseRef(doc.string(release, "name"), doc.string(release, "namespace")),
        new SourceRef(
            doc.string(source, "catalog"),
            doc.string(source, "catalogName"),
            doc.string(source, "ref"),
            doc.string(source, "model"),
            doc.string(source, "hf"),
            doc.string(source, "version"),
            doc.string(source, "digest"),
            doc.string(source, "variant")),
        new ChartRef(
            doc.string(chart, "name"),
            doc.string(chart, "version"),
            doc.string(chart, "repo"),
            doc.string(chart, "path")),
        doc.string(raw, "engine"),
        doc.string(raw, "profile"),
        doc.layers(raw),
        doc.bool(raw, "createNamespace"),
        doc.string(raw, "helmfile"),
        doc.string(raw, "hash"));
  }

  /** Typed access to a generic document, naming the field in errors. */
  private record DocumentReader(String origin) {
    String string(Map<String, Object> map, String key) {
      Object v = map.get(key);
      if (v == null) {
        return "";
      }
      if (!(v instanceof String s)) {
        throw wrongType(key, "a string", v);
      }
      return s;
    }

    boolean bool(Map<String, Object> map, String key) {
      Object v = map.get(key);
      if (v == null) {
        return false;
      }
      if (!(v instanceof Boolean b)) {
        throw wrongType(key, "true or false", v);
      }
      return b;
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> object(Map<String, Object> map, String key) {
      Object v = map.get(key);
      if (v == null) {
        return Map.of();
      }
      if (!(v instanceof Map<?, ?> m)) {
        throw wrongType(key, "an object", v);
      }
      return (Map<String, Object>) m;
    }

    /** The known layers; unknown keys under {@code layers} are ignored like unknown fields. */
    Map<String, Map<String, Object>> layers(Map<String, Object> raw) {
      Map<String, Object> given = object(raw, "layers");
      Map<String, Map<String, Object>> out = new LinkedHashMap<>();
      for (String name : Layer.ORDER) {
        if (given.containsKey(name)) {
          out.put(name, object(given, name));
        }
      }
      return out;
    }

    private PlanException wrongType(String key, String want, Object got) {
      return new PlanException(
          origin + ": \"" + key + "\" must be " + want + ", not " + CanonicalJson.compact(got));
    }
  }
}
