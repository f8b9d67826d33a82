package dev.modelsphere.swiss.chart;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.helm.ChartLocation;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.ManifestObjects;
import dev.modelsphere.swiss.helm.ObjectKey;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.helm.ValuesDocument;
import dev.modelsphere.swiss.values.Yaml;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The project's own chart, {@code charts/swiss}, rendered in process as {@code helm template}. */
final class SwissChart {
  static final Path DIR = TestCharts.project().resolve("charts/swiss");
  static final String RELEASE = "swiss";
  static final String NAMESPACE = "swiss-system";

  private static final ObjectMapper JSON = new ObjectMapper();

  private SwissChart() {}

  /** The chart rendered with {@code values} over its defaults, as release swiss in swiss-system. */
  static Rendered render(String values) {
    return render(RELEASE, NAMESPACE, values);
  }

  static Rendered render(String release, String namespace, String values) {
    try {
      Path cache = Files.createTempDirectory("swiss-chart-cache-");
      String manifest =
          new ChartRenderer(new ChartArchives(cache))
              .render(
                  new RenderRequest(
                      ChartLocation.local(DIR),
                      release,
                      namespace,
                      List.of(new ValuesDocument("test", Yaml.tree("test values", values)))));
      return new Rendered(manifest, ManifestObjects.parse(manifest, namespace));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What one render produced: the manifest and its objects. */
  record Rendered(String manifest, Map<ObjectKey, Map<String, Object>> objects) {

    List<String> kinds() {
      return objects.keySet().stream().map(ObjectKey::kind).toList();
    }

    Optional<JsonNode> find(String kind, String name) {
      return objects.entrySet().stream()
          .filter(e -> e.getKey().kind().equals(kind) && e.getKey().name().equals(name))
          .map(e -> (JsonNode) JSON.valueToTree(e.getValue()))
          .findFirst();
    }

    JsonNode one(String kind, String name) {
      return find(kind, name)
          .orElseThrow(
              () ->
                  new AssertionError("no %s %s among %s".formatted(kind, name, objects.keySet())));
    }

    /** The one object of {@code kind}. */
    JsonNode only(String kind) {
      Map<String, JsonNode> found = all(kind);
      if (found.size() != 1) {
        throw new AssertionError(
            "%d objects of kind %s: %s".formatted(found.size(), kind, found.keySet()));
      }
      return found.values().iterator().next();
    }

    /** Every object of {@code kind}, keyed by namespace/name. */
    Map<String, JsonNode> all(String kind) {
      Map<String, JsonNode> found = new LinkedHashMap<>();
      objects.forEach(
          (key, object) -> {
            if (key.kind().equals(kind)) {
              found.put(key.namespace() + "/" + key.name(), JSON.valueToTree(object));
            }
          });
      return found;
    }

    /** The config document the ConfigMap carries, as swiss serve reads it. */
    JsonNode config() {
      try {
        return new YAMLMapper()
            .readTree(only("ConfigMap").path("data").path("swiss.yaml").asText());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    JsonNode deployment() {
      return only("Deployment");
    }

    JsonNode container() {
      return deployment().at("/spec/template/spec/containers/0");
    }

    /** Every rule of every Role and ClusterRole, as "verb group/resource" strings. */
    List<String> grants() {
      List<String> grants = new ArrayList<>();
      for (String kind : List.of("Role", "ClusterRole")) {
        for (JsonNode role : all(kind).values()) {
          for (JsonNode rule : role.path("rules")) {
            for (JsonNode verb : rule.path("verbs")) {
              for (JsonNode group : rule.path("apiGroups")) {
                for (JsonNode resource : rule.path("resources")) {
                  grants.add(verb.asText() + " " + group.asText() + "/" + resource.asText());
                }
              }
            }
          }
        }
      }
      return grants;
    }
  }
}
