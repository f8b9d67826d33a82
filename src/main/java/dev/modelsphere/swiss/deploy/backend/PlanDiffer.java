package dev.modelsphere.swiss.deploy.backend;

import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.helm.ManifestComparison;
import dev.modelsphere.swiss.helm.ManifestDiff;
import dev.modelsphere.swiss.helm.ManifestObjects;
import dev.modelsphere.swiss.helm.ObjectKey;
import dev.modelsphere.swiss.helm.ReleaseRecord;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Diffs a plan against a release: renders the plan, then compares it object by object with the
 * manifest helm last applied and with the live objects. Reads only; changes nothing.
 */
public final class PlanDiffer implements ReleaseDiffs {

  private final Kube kube;
  private final PlanRenders renders;
  private final ReleaseRecords releases;
  private final String chartRoot;

  /**
   * @param renders shared with preflight and the deployer: an install after a diff of the same plan
   *     does not render it again
   * @param releases where the release's newest revision is read: the server's watch lists nothing
   */
  public PlanDiffer(Kube kube, PlanRenders renders, ReleaseRecords releases, String chartRoot) {
    this.kube = kube;
    this.renders = renders;
    this.releases = releases;
    this.chartRoot = chartRoot == null ? "" : chartRoot;
  }

  @Override
  public DiffResult diff(dev.modelsphere.swiss.plan.Plan plan) {
    String ns = plan.release().namespace();
    String release = plan.release().name();
    // A render's failure is the plan's (INVALID), a failed read of helm's storage the cluster's
    // (UPSTREAM_FAILED): each HelmException says which where it is thrown.
    PlanRenders.Render render = renders.render(plan, chartRoot);
    Optional<ReleaseRecord> live = releases.newest(ns, release);
    Map<ObjectKey, Map<String, Object>> rendered = ManifestObjects.parse(render.manifest(), ns);
    ManifestComparison againstRelease =
        ManifestDiff.compare(
            live.map(r -> "release revision " + r.revision()).orElse("no release"),
            ManifestObjects.parse(live.map(ReleaseRecord::manifest).orElse(""), ns),
            rendered);
    ManifestComparison againstLive = ManifestDiff.compareLive(liveObjects(rendered), rendered);
    return new DiffResult(
        plan.hash(),
        ns,
        release,
        live.isPresent(),
        live.map(ReleaseRecord::revision).orElse(0),
        againstRelease,
        againstLive,
        render.chartDigest());
  }

  private Map<ObjectKey, Optional<Map<String, Object>>> liveObjects(
      Map<ObjectKey, Map<String, Object>> rendered) {
    Map<ObjectKey, Optional<Map<String, Object>>> live = new LinkedHashMap<>();
    for (ObjectKey key : rendered.keySet()) {
      try {
        live.put(key, kube.object(key.apiVersion(), key.kind(), key.namespace(), key.name()));
      } catch (KubeException e) {
        throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
      }
    }
    return live;
  }
}
