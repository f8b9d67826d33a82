/**
 * What the read routes of {@code swiss serve} answer about releases, computed without HTTP: each
 * answer is an immutable record whose Jackson form is the reference's JSON.
 *
 * <p>Lists come from watches: start one {@link dev.modelsphere.swiss.deploy.view.Fleet} with the
 * server (its {@code settled()} gates {@code /readyz}, its {@code sizes()} feed the metrics gauges,
 * its {@code asOf()} says how current it is) and ask {@link
 * dev.modelsphere.swiss.deploy.view.DeploymentsView} for pages; a page costs the API server
 * nothing. The per-release answers ({@link dev.modelsphere.swiss.deploy.view.StatusView}, {@link
 * dev.modelsphere.swiss.deploy.view.ObjectsView}, {@link
 * dev.modelsphere.swiss.deploy.view.RevisionsView}) read live, by name. Refusals are {@link
 * dev.modelsphere.swiss.deploy.backend.DeployException}s carrying their HTTP status, and {@link
 * dev.modelsphere.swiss.kube.KubeException}s (502) when the cluster cannot be read.
 */
package dev.modelsphere.swiss.deploy.view;
