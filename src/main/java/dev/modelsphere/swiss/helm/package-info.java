/**
 * Helm 4 in process: the Go library loaded with JNA ({@link
 * dev.modelsphere.swiss.helm.HelmLibrary}), the typed records of its calls, renders, manifests and
 * their comparison, release storage reads, chart locations and values schema checks. Failures are
 * {@link dev.modelsphere.swiss.helm.HelmException}s whose kind the library sets.
 *
 * <p>May use: values, plan, kube and chartrepo. Never the deploy floor or a front end.
 */
package dev.modelsphere.swiss.helm;
