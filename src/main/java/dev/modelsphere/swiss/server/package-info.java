/**
 * {@code swiss serve}: the HTTP API of reference {@code server.md}, assembled from the config
 * document by {@link dev.modelsphere.swiss.server.SwissServer}.
 *
 * <p>Sub-packages, one job each: {@code http} (how every route answers: JSON, errors, deadlines,
 * the body cap, logs and metrics), {@code auth} (the login, tokens, the guard, the actor), {@code
 * state} (readiness and the node GPU inventory; the site itself is {@code sitestate}), {@code
 * events} (the change events of {@code /api/events}) and {@code routes} (the route groups).
 *
 * <p>To add routes: write a {@link dev.modelsphere.swiss.server.http.RouteGroup} in {@code routes}
 * whose constructor takes only what it needs, declare each route with its {@link
 * dev.modelsphere.swiss.server.http.Deadline}, answer with {@link
 * dev.modelsphere.swiss.server.http.Json}, refuse with {@link
 * dev.modelsphere.swiss.server.http.ApiException}, take the audit actor from {@link
 * dev.modelsphere.swiss.server.auth.Actor}, and list the group in {@code RouteParts.groups}; then
 * describe the routes in {@code docs/openapi.yaml} (a test compares the two).
 */
package dev.modelsphere.swiss.server;
