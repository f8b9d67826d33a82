package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.modelsphere.swiss.values.Tree;
import java.util.Map;

/**
 * One way to serve a model version: an engine, a chart, the hardware it needs and the chart values
 * it sets.
 *
 * @param values any chart values; read-only (nested maps and lists too) because entries are shared,
 *     so copy before changing; empty when the variant sets none
 * @param link a page with details about the variant, optional
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "id",
  "description",
  "link",
  "default",
  "engine",
  "chart",
  "image",
  "requires",
  "values"
})
public record Variant(
    String id,
    String description,
    @JsonProperty("default") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean isDefault,
    String engine,
    ChartPin chart,
    Image image,
    Requires requires,
    Map<String, Object> values,
    String link) {

  public Variant {
    values = values == null ? Map.of() : Tree.frozen(values);
  }

  public Variant(
      String id,
      String description,
      boolean isDefault,
      String engine,
      ChartPin chart,
      Image image,
      Requires requires,
      Map<String, Object> values) {
    this(id, description, isDefault, engine, chart, image, requires, values, null);
  }
}
