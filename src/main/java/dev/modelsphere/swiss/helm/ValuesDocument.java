package dev.modelsphere.swiss.helm;

import java.util.Map;
import java.util.Objects;

/** One named values file handed to helm, e.g. the {@code catalog} layer of a plan. */
public record ValuesDocument(String name, Map<String, Object> values) {

  public ValuesDocument {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(values, "values");
  }
}
