package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The canonical upstream engine image; the site profile may rewrite the repository. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Image(String repository, String tag, String digest) {}
