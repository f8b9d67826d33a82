package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.networknt.schema.InputFormat;
import com.networknt.schema.OutputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.serialization.JsonMapperFactory;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.ChartFiles;
import dev.modelsphere.swiss.values.JsonMappers;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.Yaml;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks a render's values against the chart's {@code values.schema.json} (and each subchart's) in
 * Java, without helm: the values are merged and laid over the chart's defaults as helm does before
 * it validates, then validated by a JSON Schema library. A render writes values files and runs
 * helm's native library; this is a walk of the values in memory, so a plan can be checked on every
 * request.
 *
 * <p>It only ever says "the chart accepts these values" for sure. Where it cannot read the chart as
 * helm would (an OCI chart helm pulls itself, a schema that points outside itself, dependencies
 * renamed or importing values) or where it finds a violation, it answers {@link Verdict#RENDER}:
 * the caller renders, and helm decides and words the refusal. So it never refuses what helm
 * accepts, and a refusal reads exactly as helm's. What it cannot see is the templates: a values set
 * the schema accepts may still fail to render; a diff or an install renders and says so.
 */
public final class ValuesSchemaCheck {
  /** Whether the values are known to pass. */
  public enum Verdict {
    /** The chart's schemas accept the values. */
    ACCEPTED,
    /** Not known to pass: a violation was found, or the chart could not be checked without helm. */
    RENDER
  }

  /** A local chart edited in place is read again after this, as {@code PlanRenders} renders. */
  private static final Duration KEPT_FOR = Duration.ofMinutes(5);

  private static final long MOST = 64;

  private static final SchemaRegistry SCHEMAS =
      // helm's validator reads a schema without $schema as draft 2020-12; format assertions on,
      // so this is never more lenient than helm's, only (at worst) stricter.
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          builder ->
              builder.schemaRegistryConfig(
                  SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));

  private final Optional<ChartArchives> archives;

  /** The chart's schemas by where it is read from; empty when it cannot be checked without helm. */
  private final Cache<ChartLocation, Optional<Checked>> charts =
      Caffeine.newBuilder().maximumSize(MOST).expireAfterWrite(KEPT_FOR).build();

  /** A chart ready to check values against: defaults and compiled schema, and its subcharts'. */
  private record Checked(
      String name,
      Map<String, Object> defaults,
      Optional<Schema> schema,
      List<Checked> subcharts) {}

  /**
   * @param archives where repository charts are fetched to; without it only charts on disk are
   *     checked, and a repository chart is left to the render
   */
  public ValuesSchemaCheck(Optional<ChartArchives> archives) {
    this.archives = archives;
  }

  /** The verdict on {@code request}'s values for its chart. */
  public Verdict check(RenderRequest request) {
    try {
      // A chart that cannot be read now (a repository away, a folder not there) is not kept:
      // Caffeine keeps nothing when loading throws, so the next check reads it again.
      Optional<Checked> chart =
          charts.get(
              request.chart(),
              location ->
                  where(location).map(ChartFiles::read).flatMap(ValuesSchemaCheck::compile));
      if (chart.isEmpty()) {
        return Verdict.RENDER;
      }
      Map<String, Object> values =
          Tree.merged(request.values().stream().map(ValuesDocument::values).toList());
      return accepts(chart.get(), values) ? Verdict.ACCEPTED : Verdict.RENDER;
    } catch (RuntimeException unsure) {
      // Helm reads the chart and judges the values, or says why it cannot.
      return Verdict.RENDER;
    }
  }

  private Optional<Path> where(ChartLocation chart) {
    return switch (chart.kind()) {
      case LOCAL -> Optional.of(Path.of(chart.location()));
      case REPOSITORY ->
          archives.map(a -> a.fetch(chart.location(), chart.name(), chart.version()).file());
      case OCI -> Optional.empty();
    };
  }

  private static Optional<Checked> compile(ChartFiles chart) {
    if (!chart.plainDependencies()) {
      return Optional.empty();
    }
    List<Checked> subcharts = new ArrayList<>();
    for (ChartFiles subchart : chart.subcharts()) {
      Optional<Checked> checked = compile(subchart);
      if (checked.isEmpty()) {
        return Optional.empty();
      }
      subcharts.add(checked.get());
    }
    Optional<Schema> schema = Optional.empty();
    if (chart.schema().isPresent()) {
      if (!selfContained(chart.schema().get())) {
        return Optional.empty();
      }
      Schema compiled = SCHEMAS.getSchema(chart.schema().get(), InputFormat.JSON);
      compiled.initializeValidators();
      schema = Optional.of(compiled);
    }
    Map<String, Object> defaults =
        Tree.frozen(Yaml.tree(chart.name() + " values.yaml", chart.values()));
    return Optional.of(new Checked(chart.name(), defaults, schema, subcharts));
  }

  /**
   * The schema needs nothing from elsewhere: every {@code $ref} points inside it and its {@code
   * $schema}, if any, is a published draft the library knows. helm would load the rest; this check
   * fetches nothing.
   */
  private static boolean selfContained(String schema) {
    JsonNode root;
    try {
      root = JsonMappers.PLAIN.readTree(schema);
    } catch (IOException e) {
      return false;
    }
    String dialect = root.path("$schema").asText("");
    if (!dialect.isEmpty() && !dialect.matches("https?://json-schema\\.org/.*")) {
      return false;
    }
    return root.findValues("$ref").stream().allMatch(ref -> ref.asText("").startsWith("#"));
  }

  /**
   * helm's order: the chart's defaults under the values (an explicit null in the values removes a
   * default), each subchart's section coalesced the same way with the parent's globals, then every
   * chart's schema over its own values.
   */
  private static boolean accepts(Checked chart, Map<String, Object> values) {
    Map<String, Object> coalesced = coalesced(values, chart.defaults());
    for (Checked subchart : chart.subcharts()) {
      Object section = coalesced.getOrDefault(subchart.name(), Tree.empty());
      if (!(section instanceof Map<?, ?> own)) {
        return false; // helm refuses a subchart's section that is not a table
      }
      Map<String, Object> subValues = coalesced(Tree.copy(own, v -> v), subchart.defaults());
      subValues.put("global", globals(coalesced.get("global"), subValues.get("global")));
      coalesced.put(subchart.name(), subValues);
      if (!accepts(subchart, subValues)) {
        return false;
      }
    }
    return chart.schema().map(schema -> valid(schema, coalesced)).orElse(true);
  }

  /** A subchart's globals: its own, with the parent's over them. */
  private static Map<String, Object> globals(Object parent, Object own) {
    Map<String, Object> globals = Tree.empty();
    for (Object layer : new Object[] {own, parent}) {
      if (layer instanceof Map<?, ?> map) {
        Tree.merge(globals, Tree.copy(map, v -> v));
      }
    }
    return globals;
  }

  private static boolean valid(Schema schema, Map<String, Object> values) {
    return schema.validate(node(values), OutputFormat.BOOLEAN);
  }

  /**
   * The values as the schema library's JSON tree, built by walking them: what {@code
   * ObjectMapper.valueToTree} gives for maps, lists and scalars, without running its serializers (a
   * fifth of the check's time) on every plan.
   */
  static tools.jackson.databind.JsonNode node(Object value) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    if (value == null) {
      return nodes.nullNode();
    }
    if (value instanceof Map<?, ?> map) {
      ObjectNode object = nodes.objectNode();
      map.forEach((key, member) -> object.set(String.valueOf(key), node(member)));
      return object;
    }
    if (value instanceof List<?> list) {
      ArrayNode array = nodes.arrayNode(list.size());
      list.forEach(item -> array.add(node(item)));
      return array;
    }
    if (value instanceof String s) {
      return nodes.stringNode(s);
    }
    if (value instanceof Boolean b) {
      return nodes.booleanNode(b);
    }
    if (value instanceof Integer i) {
      return nodes.numberNode(i.intValue());
    }
    if (value instanceof Long l) {
      return nodes.numberNode(l.longValue());
    }
    if (value instanceof Double d) {
      return nodes.numberNode(d.doubleValue());
    }
    if (value instanceof BigInteger i) {
      return nodes.numberNode(i);
    }
    return JsonMapperFactory.getInstance().valueToTree(value);
  }

  /**
   * {@code values} over {@code defaults}; a null in {@code values} removes the default under it.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> coalesced(Map<String, Object> values, Map<String, ?> defaults) {
    Map<String, Object> out = Tree.copy(defaults);
    for (Map.Entry<String, Object> entry : values.entrySet()) {
      Object value = entry.getValue();
      Object fallback = out.get(entry.getKey());
      if (value == null && out.containsKey(entry.getKey())) {
        out.remove(entry.getKey());
      } else if (value instanceof Map<?, ?> map && fallback instanceof Map<?, ?> under) {
        out.put(entry.getKey(), coalesced((Map<String, Object>) map, (Map<String, Object>) under));
      } else {
        out.put(entry.getKey(), value);
      }
    }
    return out;
  }
}
