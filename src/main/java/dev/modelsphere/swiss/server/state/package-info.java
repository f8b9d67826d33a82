/**
 * What the server knows about its site and whether it can serve: the site profile (cached for
 * {@code cacheTTL}) and readiness, made of gates (the API server answers; informers will add
 * theirs) and notes that report caches without filling them.
 */
package dev.modelsphere.swiss.server.state;
