/**
 * The backend port: what a backend of releases does ({@link
 * dev.modelsphere.swiss.deploy.backend.ReleaseBackend}, {@link
 * dev.modelsphere.swiss.deploy.backend.ReleaseReads}), which backend owns a release ({@link
 * dev.modelsphere.swiss.deploy.backend.Backends}), and what both backends share: their results, the
 * plan archive, the diff against helm's stored release, the recent renders, the target namespace
 * and the deploy settings. {@link dev.modelsphere.swiss.deploy.backend.DeployException} is the
 * floor's error, with its kind set where it is raised.
 *
 * <p>May use: the core packages (plan, values, helm, kube, llmsvc). Never write coordination, the
 * use cases above it or either backend's implementation.
 */
package dev.modelsphere.swiss.deploy.backend;
