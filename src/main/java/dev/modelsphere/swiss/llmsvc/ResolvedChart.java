package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The exact chart version {@code spec.chart.version} resolved to. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResolvedChart(String name, String version) {}
