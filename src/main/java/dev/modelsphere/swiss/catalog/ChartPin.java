package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The chart a variant renders with: a name (equal to the engine) and a version or version range.
 * Never a repository: the site profile decides where charts come from.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ChartPin(String name, String version) {}
