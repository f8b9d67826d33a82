package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A variant as the index summarises it: no chart values, only what a listing needs. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record IndexVariant(
    String id,
    String engine,
    @JsonProperty("default") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean isDefault,
    String description,
    String link,
    ChartPin chart,
    Requires requires) {}
