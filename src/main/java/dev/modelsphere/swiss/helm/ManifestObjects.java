package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** Splits a rendered multi-document manifest into objects keyed by identity. */
public final class ManifestObjects {

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
    try {
      for (Map<String, Object> object : Yaml.kubernetesDocuments("manifest", manifest)) {
        objects.put(keyOf(object, defaultNamespace), object);
      }
    } catch (ValuesException e) {
      // A manifest is helm's or a render's, never the request's: one swiss cannot read is its
      // fault.
      throw new HelmException(ErrorKind.FAILED, e.getMessage(), e);
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
