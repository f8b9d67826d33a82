/**
 * Talking to chart repositories: listing a chart's versions from an http(s) repository's {@code
 * index.yaml}, an OCI registry's tag list or a local chart's {@code Chart.yaml}, and fetching chart
 * archives for rendering. One bounded HTTP client and one {@code index.yaml} parser serve all of
 * it; {@link dev.modelsphere.swiss.chartrepo.ChartSource} decides which source a chart comes from.
 *
 * <p>A core package: composing a plan resolves chart version ranges through it, so it depends on no
 * cluster, Helm or server code.
 */
package dev.modelsphere.swiss.chartrepo;
