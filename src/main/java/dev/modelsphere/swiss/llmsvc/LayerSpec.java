package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.Map;

/**
 * One entry of {@code spec.layers}: a named helm values document, the wire form of one {@link
 * dev.modelsphere.swiss.plan.Layer}. Its content is the chart's business, so it stays schemaless.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LayerSpec(
    @Required @Size(min = 1) String name, @PreserveUnknownFields Map<String, Object> values) {}
