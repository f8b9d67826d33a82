/**
 * Write coordination: one writer per release, in this process ({@link
 * dev.modelsphere.swiss.deploy.writes.ReleaseLocks}) and across processes ({@link
 * dev.modelsphere.swiss.deploy.writes.ReleaseLeases}, renewed by {@link
 * dev.modelsphere.swiss.deploy.writes.LeaseRenewals}), and the cluster-changing half of a write run
 * detached from the request that asked for it ({@link
 * dev.modelsphere.swiss.deploy.writes.DetachedRuns}).
 *
 * <p>May use: the port's error and settings, kube, the audit store and llmsvc's annotation names.
 * Knows nothing of plans, backends or use cases.
 */
package dev.modelsphere.swiss.deploy.writes;
