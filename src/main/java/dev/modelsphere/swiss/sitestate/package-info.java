/**
 * The site as the server sees it: where its profile is stored and how it is rewritten, the catalogs
 * it offers, and the caches in front of both. Every class here computes what a read route answers,
 * as an immutable record whose JSON is the reference's, or refuses with a {@link
 * dev.modelsphere.swiss.sitestate.SiteStateException} that carries the HTTP status the reference
 * answers. Nothing here speaks HTTP.
 */
package dev.modelsphere.swiss.sitestate;
