/**
 * What the server itself checks about its surroundings: readiness, made of gates (the API server
 * answers; informers will add theirs) and notes that report caches without filling them, and the
 * node GPU inventory the GPU-products route reads until an informer-backed nodes view replaces it.
 * The site profile and catalogs live in {@code sitestate}.
 */
package dev.modelsphere.swiss.server.state;
