package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.helm.ManifestComparison;

/**
 * What applying a plan would change.
 *
 * @param exists the release exists; when not, everything is an addition
 * @param revision the live revision compared against, 0 when none
 * @param againstRelease the plan's render against the manifest helm last applied
 * @param againstLive the plan's render against the objects in the cluster now
 * @param chartDigest the digest of the chart rendered ({@code sha256:<hex>}); an apply that sends
 *     it back is refused if the chart has another by then
 */
public record DiffResult(
    String planHash,
    String namespace,
    String release,
    boolean exists,
    int revision,
    ManifestComparison againstRelease,
    ManifestComparison againstLive,
    String chartDigest) {

  public boolean changed() {
    return againstRelease.changed() || againstLive.changed();
  }

  public String render() {
    String head =
        exists
            ? namespace + "/" + release + " at revision " + revision + "\n"
            : namespace + "/" + release + " does not exist yet: everything is an addition\n";
    return head + againstRelease.render() + "\n" + againstLive.render();
  }
}
