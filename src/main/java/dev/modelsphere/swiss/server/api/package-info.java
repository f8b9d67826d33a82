/**
 * The wire form of swiss's HTTP API for the deploy floor: the bodies the write routes read ({@link
 * dev.modelsphere.swiss.server.api.PlanRequest}, {@link
 * dev.modelsphere.swiss.server.api.ApplyRequest}, {@link
 * dev.modelsphere.swiss.server.api.RollbackRequest}) and the answers they write ({@link
 * dev.modelsphere.swiss.server.api.WriteAnswers}), member for member in docs/openapi.yaml. Other
 * clients already call this API, so these records change only with the document. Each body turns
 * into the use case's own input ({@code input()}, {@code rollback()}), so a change in the use cases
 * cannot change the wire form unnoticed.
 *
 * <p>May use: the deploy floor's inputs and results. Used by the routes and by the CLI as a client.
 */
package dev.modelsphere.swiss.server.api;
