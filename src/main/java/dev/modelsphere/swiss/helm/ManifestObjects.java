package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** Splits a rendered multi-document manifest into objects keyed by identity. */
public final class ManifestObjects {

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.USE_LONG_FOR_INTS);
  private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

  private ManifestObjects() {}

  /**
   * Every object in {@code manifest}, sorted by key. Objects without a namespace are placed in
   * {@code defaultNamespace}, as helm places them. Empty documents are skipped.
   */
  public static Map<ObjectKey, Map<String, Object>> parse(
      String manifest, String defaultNamespace) {
    Map<ObjectKey, Map<String, Object>> objects = new TreeMap<>();
    if (manifest == null || manifest.isBlank()) {
      return objects;
    }
    try (MappingIterator<Object> docs = YAML.readerFor(Object.class).readValues(manifest)) {
      while (docs.hasNext()) {
        Object doc = docs.next();
        if (doc instanceof Map<?, ?> map && !map.isEmpty()) {
          Map<String, Object> object = YAML.convertValue(map, OBJECT);
          objects.put(keyOf(object, defaultNamespace), object);
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new HelmException("manifest is not valid YAML: " + e.getMessage(), e);
    }
    return objects;
  }

  /** The identity of a parsed object. */
  public static ObjectKey keyOf(Map<String, Object> object, String defaultNamespace) {
    Map<?, ?> metadata = object.get("metadata") instanceof Map<?, ?> m ? m : new LinkedHashMap<>();
    String namespace = string(metadata.get("namespace"));
    return new ObjectKey(
        string(object.get("apiVersion")),
        string(object.get("kind")),
        namespace.isEmpty() ? defaultNamespace : namespace,
        string(metadata.get("name")));
  }

  private static String string(Object o) {
    return o == null ? "" : o.toString();
  }
}
