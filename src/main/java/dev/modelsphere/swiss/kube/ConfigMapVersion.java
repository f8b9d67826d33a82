package dev.modelsphere.swiss.kube;

import java.util.Map;

/**
 * A ConfigMap as read, with the resourceVersion a compare-and-swap write must name.
 *
 * @param resourceVersion the version read; empty for a ConfigMap that does not exist
 */
public record ConfigMapVersion(
    Map<String, String> data, Map<String, String> annotations, String resourceVersion) {

  public ConfigMapVersion {
    data = data == null ? Map.of() : Map.copyOf(data);
    annotations = annotations == null ? Map.of() : Map.copyOf(annotations);
    resourceVersion = resourceVersion == null ? "" : resourceVersion;
  }

  public static ConfigMapVersion absent() {
    return new ConfigMapVersion(Map.of(), Map.of(), "");
  }

  public boolean exists() {
    return !resourceVersion.isEmpty();
  }
}
