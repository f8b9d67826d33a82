package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.Lookup;
import dev.modelsphere.swiss.values.Tree;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The plan document ({@code plan.swiss/v1}): everything one deploy is made of. The values helm
 * receives are the merge of the layers in {@link Layer#ORDER}; nothing else is stored.
 *
 * @param layers the non-empty layers by wire name, iterated in merge order (empty layers and null
 *     are dropped on construction; the trees are copied once and cannot be changed at any depth, so
 *     a plan made from another, {@code withHash()} say, shares them rather than copying again)
 * @param helmfile the rendered helmfile document, or null when not rendered
 * @param hash {@code sha256:<hex>} over release, source (as {@link SourceRef#hashed()}), chart and
 *     the merged values; "" when not yet computed
 */
@RecordBuilder
public record Plan(
    String apiVersion,
    ReleaseRef release,
    SourceRef source,
    ChartRef chart,
    String engine,
    String profile,
    Map<String, Map<String, Object>> layers,
    boolean createNamespace,
    String helmfile,
    String hash)
    implements PlanBuilder.With {

  public static final String API_VERSION = "plan.swiss/v1";

  /** About the length of a catalog plan's hash payload (1.5 to 2.5 thousand characters). */
  private static final int HASH_PAYLOAD_SIZE = 4096;

  public Plan {
    apiVersion = apiVersion == null ? "" : apiVersion;
    release = release == null ? new ReleaseRef("", "") : release;
    source =
        source == null ? new SourceRef(null, null, null, null, null, null, null, null) : source;
    chart = chart == null ? new ChartRef(null, null, null, null) : chart;
    engine = engine == null ? "" : engine;
    profile = profile == null ? "" : profile;
    layers = orderedLayers(layers);
    helmfile = helmfile == null || helmfile.isEmpty() ? null : helmfile;
    hash = hash == null ? "" : hash;
  }

  private static Map<String, Map<String, Object>> orderedLayers(
      Map<String, Map<String, Object>> given) {
    if (given instanceof FrozenLayers alreadyChecked) {
      return alreadyChecked;
    }
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    if (given == null) {
      return new FrozenLayers(out);
    }
    for (String name : given.keySet()) {
      if (!Layer.isLayer(name)) {
        throw new PlanException("unknown layer \"" + name + "\": want one of " + Layer.ORDER);
      }
    }
    for (String name : Layer.ORDER) {
      Map<String, Object> tree = given.get(name);
      if (tree != null && !tree.isEmpty()) {
        out.put(name, Tree.frozen(tree));
      }
    }
    return new FrozenLayers(out);
  }

  /**
   * Layers that a plan has already checked, ordered and frozen. Every {@code with...} copy of a
   * plan hands its layers back to this constructor; recognising them saves copying every layer
   * again for each (composing makes three plans on its way to one).
   */
  private static final class FrozenLayers extends AbstractMap<String, Map<String, Object>> {
    private final Map<String, Map<String, Object>> byName;

    FrozenLayers(Map<String, Map<String, Object>> byName) {
      this.byName = Collections.unmodifiableMap(byName);
    }

    @Override
    public Set<Entry<String, Map<String, Object>>> entrySet() {
      return byName.entrySet();
    }

    @Override
    public Map<String, Object> get(Object name) {
      return byName.get(name);
    }

    @Override
    public boolean containsKey(Object name) {
      return byName.containsKey(name);
    }

    @Override
    public int size() {
      return byName.size();
    }
  }

  /** The merged values, a fresh tree: the document helm receives. */
  public Map<String, Object> values() {
    return Tree.merged(new ArrayList<>(layers.values()));
  }

  /**
   * The merged value at one path, read from the layers without merging them all: for the readers of
   * one setting (the service id, the route), which {@link #values()} made copy every layer. A map
   * in the answer may be a layer's own: read it, never change it.
   */
  public Lookup value(String path) {
    return Tree.getMerged(new ArrayList<>(layers.values()), path);
  }

  /** The tree of one layer, empty when the plan has none. */
  public Map<String, Object> layer(String name) {
    return layers.getOrDefault(name, Map.of());
  }

  /**
   * The layer whose value for the path stands: the last layer in merge order that holds the path,
   * even as an explicit null; "" when no layer does.
   */
  public String layerOf(String path) {
    List<String> names = new ArrayList<>(layers.keySet());
    Collections.reverse(names);
    for (String name : names) {
      if (Tree.has(layers.get(name), path)) {
        return name;
      }
    }
    return "";
  }

  /** For each present layer, in merge order, the sorted leaf paths it sets. */
  public Map<String, List<String>> byLayer() {
    Map<String, List<String>> out = new LinkedHashMap<>();
    layers.forEach((name, tree) -> out.put(name, sortedPaths(tree)));
    return out;
  }

  /** The values files helm is handed, one per present layer in merge order. */
  public List<String> valuesFiles() {
    return layers.keySet().stream().map(Layer::fileName).toList();
  }

  /**
   * Every path set by two or more layers, sorted by path. Works on leaf paths, so a list is one
   * value and sibling keys in one map never collide.
   */
  public List<Shadow> shadowed() {
    Map<String, List<String>> setters = new TreeMap<>(CanonicalJson.KEY_ORDER);
    layers.forEach(
        (name, tree) ->
            Tree.paths(tree)
                .forEach(path -> setters.computeIfAbsent(path, p -> new ArrayList<>()).add(name)));
    List<Shadow> out = new ArrayList<>();
    setters.forEach(
        (path, names) -> {
          if (names.size() > 1) {
            out.add(
                new Shadow(path, names.get(names.size() - 1), names.subList(0, names.size() - 1)));
          }
        });
    return out;
  }

  /** {@code sha256:<hex>} of the canonical hash payload. */
  public String computeHash() {
    byte[] payload = hashPayload().getBytes(StandardCharsets.UTF_8);
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(payload);
      return "sha256:" + HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK always provides SHA-256", e);
    }
  }

  /**
   * The bytes that are hashed: release, source without catalogName and hf, chart and the merged
   * values, encoded as Go's encoding/json encodes the reference's payload struct.
   */
  String hashPayload() {
    return CanonicalJson.compact(
        CanonicalJson.struct()
            .field("release", PlanJson.release(release))
            .field("source", PlanJson.source(source.hashed()))
            .field("chart", PlanJson.chart(chart))
            // Reads the layers' frozen trees in place: values() would copy them all first.
            .field("values", Tree.mergedForReading(new ArrayList<>(layers.values()))),
        HASH_PAYLOAD_SIZE);
  }

  /** A copy carrying its computed hash. */
  public Plan withHash() {
    return withHash(computeHash());
  }

  /**
   * A copy carrying its helmfile document rendered with no chart root, when the chart can be
   * addressed that way; otherwise this plan unchanged. The helmfile is not hashed.
   */
  public Plan withHelmfile() {
    try {
      return withHelmfile(Helmfile.render(this, ""));
    } catch (PlanException notRenderable) {
      return this;
    }
  }

  /** A copy without the site's name for its catalog (which the hash does not cover). */
  public Plan withoutCatalogName() {
    return withSource(source.withoutCatalogName());
  }

  /**
   * Checks the stored hash against the plan's content.
   *
   * @throws PlanException when the plan carries no hash, or one that its content does not give
   */
  public void verifyHash() {
    if (hash.isEmpty()) {
      throw new PlanException("plan carries no hash");
    }
    String computed = computeHash();
    if (!computed.equals(hash)) {
      throw new PlanException(
          "hash "
              + computed
              + " does not match the plan it is stored under ("
              + hash
              + ") -- it was edited in place; compose it again rather than editing it");
    }
  }

  private static List<String> sortedPaths(Map<String, ?> tree) {
    List<String> paths = Tree.paths(tree);
    paths.sort(CanonicalJson.KEY_ORDER);
    return List.copyOf(paths);
  }
}
