package dev.modelsphere.swiss.catalog;

import java.time.Instant;

/** A catalog opened from the disk cache, and when its index was saved there. */
public record CachedCatalog(Catalog catalog, Instant savedAt) {}
