package dev.modelsphere.swiss.catalog;

import dev.modelsphere.swiss.values.Lookup;
import dev.modelsphere.swiss.values.Nulls;
import dev.modelsphere.swiss.values.Tree;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules every fetched entry must pass before anything deploys it. The first broken rule is
 * reported; validation cannot be skipped.
 */
final class EntryValidator {
  private static final List<String> ENGINES = List.of("sglang", "vllm");

  void validate(Entry entry) {
    if (!Index.API_VERSION.equals(entry.apiVersion())) {
      fail(
          "apiVersion is \""
              + Nulls.orEmpty(entry.apiVersion())
              + "\", want \""
              + Index.API_VERSION
              + "\"");
    }
    if (Nulls.orEmpty(entry.name()).isEmpty()) {
      fail("name is required");
    }
    if (Nulls.orEmpty(entry.version()).isEmpty()) {
      fail("version is required -- a deploy pins one");
    }
    if (entry.source() == null || Nulls.orEmpty(entry.source().hf()).isEmpty()) {
      fail(
          "source.hf is required -- it is the identity the site profile derives a path from;"
              + " set it in the model's metadata");
    }
    if (entry.variants().isEmpty()) {
      fail("no variants");
    }
    Set<String> ids = new HashSet<>();
    int defaults = 0;
    for (int i = 0; i < entry.variants().size(); i++) {
      Variant variant = entry.variants().get(i);
      if (Nulls.orEmpty(variant.id()).isEmpty()) {
        fail("variant[" + i + "]: id is required");
      }
      if (!ids.add(variant.id())) {
        fail("variant " + variant.id() + ": duplicate id");
      }
      String problem = variantProblem(variant);
      if (problem != null) {
        fail("variant " + variant.id() + ": " + problem);
      }
      if (variant.isDefault()) {
        defaults++;
      }
    }
    if (defaults > 1) {
      fail(defaults + " variants marked default, at most one allowed");
    }
  }

  private String variantProblem(Variant variant) {
    String engine = Nulls.orEmpty(variant.engine());
    if (!ENGINES.contains(engine)) {
      return "engine \"" + engine + "\" is not sglang or vllm";
    }
    ChartPin chart = variant.chart() == null ? new ChartPin(null, null) : variant.chart();
    if (!engine.equals(chart.name())) {
      return "chart \""
          + Nulls.orEmpty(chart.name())
          + "\" does not match engine \""
          + engine
          + "\"";
    }
    if (Nulls.orEmpty(chart.version()).isEmpty()) {
      return "chart.version is required -- an unpinned chart is not a reproducible deploy";
    }
    try {
      ChartVersionSpec.parse(chart.version());
    } catch (ChartVersionException e) {
      return e.getMessage();
    }
    if (!isLink(variant.link())) {
      return "link \"%s\" is not an absolute URI such as https://example.com/page"
          .formatted(variant.link());
    }
    return requiresProblem(variant);
  }

  private static String requiresProblem(Variant variant) {
    Requires requires = variant.requires();
    if (requires == null || requires.gpus() < 1) {
      return "requires.gpus must be at least 1";
    }
    if (!Accelerator.vendorNames().contains(requires.vendorOrDefault())) {
      return "requires.vendor \""
          + requires.vendor()
          + "\" is not a known accelerator (known: "
          + String.join(", ", Accelerator.vendorNames())
          + ")";
    }
    if (Requires.LWS.equals(requires.topologyOrDefault())) {
      Lookup size = Tree.get(variant.values(), "lws.size");
      if (!size.present()) {
        return "topology is lws but values.lws.size is unset";
      }
      if (!isInteger(size.value(), requires.nodesOrDefault())) {
        return "values.lws.size ("
            + size.value()
            + ") != requires.nodes ("
            + requires.nodesOrDefault()
            + ")";
      }
    }
    return null;
  }

  /** An integer literal: the reference reads lws.size as an int, so 2.0 is not one. */
  private static boolean isInteger(Object value, int want) {
    return (value instanceof Long || value instanceof Integer)
        && ((Number) value).longValue() == want;
  }

  /** The catalog schema types link as a string of format uri: absent, or an absolute URI. */
  private static boolean isLink(String link) {
    if (link == null) {
      return true;
    }
    try {
      return new URI(link).isAbsolute();
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static void fail(String problem) {
    throw new CatalogException(problem);
  }
}
