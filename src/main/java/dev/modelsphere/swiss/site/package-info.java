/**
 * The site profile: what one cluster adds to every plan (namespace, model paths, image mirror,
 * scheduling, cache, scaler and route wiring, extra chart values) and the site's catalogs.
 *
 * <p>Profiles are parsed strictly: an unknown key is refused, because a misspelt setting that
 * silently does nothing is worse than an error.
 */
package dev.modelsphere.swiss.site;
