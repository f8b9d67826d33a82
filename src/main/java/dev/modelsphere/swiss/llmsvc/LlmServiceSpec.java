package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/** Desired release: a chart, values layers merged in order, and descriptive model data. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LlmServiceSpec(
    @Required Chart chart, List<LayerSpec> layers, Model model, Boolean suspend) {
  public LlmServiceSpec {
    layers = layers == null ? null : List.copyOf(layers);
  }
}
