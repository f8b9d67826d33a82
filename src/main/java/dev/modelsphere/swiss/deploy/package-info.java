/**
 * The deploy use cases: compose a plan ({@link dev.modelsphere.swiss.deploy.PlanComposer}), review
 * it with its diff and preflight ({@link dev.modelsphere.swiss.deploy.PlanReviews}), and change a
 * release ({@link dev.modelsphere.swiss.deploy.ReleaseWrites}), a profile or an SLO. Every front
 * end (the routes, the local CLI) calls these and only translates.
 *
 * <p>May use: the port ({@code deploy.backend}), write coordination ({@code deploy.writes}),
 * preflight, policy, approvals and the views, and the core packages below them. Never a backend
 * itself: which backend owns a release is the port's business. Never a front end.
 */
package dev.modelsphere.swiss.deploy;
