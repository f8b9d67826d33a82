/**
 * Cluster reads and writes on fabric8: the client for a kubeconfig and context, watches with their
 * caches, nodes and GPUs, pods and their startup milestones, server-side dry runs, preconditioned
 * deletes. Failures are {@link dev.modelsphere.swiss.kube.KubeException}s with their kind.
 *
 * <p>May use: values, catalog and error. Every outer package builds on it, never the reverse.
 */
package dev.modelsphere.swiss.kube;
