/**
 * The route groups of {@code swiss serve}, one class per subject (health, metrics, session, runs,
 * cluster, catalog, profile, a release's plan, its checks through the entrypoint, its SLO, the web
 * UI). A group takes what it needs in its constructor and registers its routes in {@code register};
 * {@code RouteParts.groups} in {@code server} lists every group, with the web UI's catch-all last.
 */
package dev.modelsphere.swiss.server.routes;
