/**
 * The one place the deploy floor is put together for one process ({@code swiss serve} or one CLI
 * command): {@link dev.modelsphere.swiss.deploy.assembly.DeployCore} builds the backends, leases
 * and locks from a cluster; {@link dev.modelsphere.swiss.deploy.assembly.DeployUseCases} builds the
 * use cases, preflight and approvals on top of it from the one config.
 *
 * <p>May use: everything under {@code deploy}, and nothing above it (neither front end).
 */
package dev.modelsphere.swiss.deploy.assembly;
