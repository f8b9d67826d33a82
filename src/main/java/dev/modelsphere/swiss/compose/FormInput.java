package dev.modelsphere.swiss.compose;

import java.util.List;
import java.util.Map;

/**
 * What the operator filled in, before it becomes the form layer.
 *
 * @param overridesYaml a hand-typed YAML fragment, merged first
 * @param overrides form fields as a values tree, merged over the fragment
 * @param serviceId becomes {@code serviceId}; empty leaves it out
 * @param localPath becomes {@code model.localPath}; empty leaves it out
 * @param gpuProducts GPU products the pods must land on; empty leaves scheduling alone
 */
public record FormInput(
    String overridesYaml,
    Map<String, Object> overrides,
    String serviceId,
    String localPath,
    List<String> gpuProducts) {

  public static FormInput of(Map<String, Object> overrides) {
    return new FormInput(null, overrides, null, null, List.of());
  }
}
