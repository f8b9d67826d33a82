package dev.modelsphere.swiss.sitestate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One selectable catalog in {@code GET /api/cluster}.
 *
 * @param source the normalised index location, as plans record it
 * @param ref the catalog's current ref; empty when it cannot be opened
 * @param isDefault marked {@code default} in the profile
 */
public record CatalogSummary(
    String name,
    String url,
    String source,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String ref,
    @JsonProperty("default") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean isDefault) {}
