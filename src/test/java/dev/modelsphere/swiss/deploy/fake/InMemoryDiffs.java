package dev.modelsphere.swiss.deploy.fake;

import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.deploy.backend.LiveRelease;
import dev.modelsphere.swiss.deploy.backend.ReleaseDiffs;
import dev.modelsphere.swiss.helm.ManifestComparison;
import dev.modelsphere.swiss.helm.ManifestDiff;
import dev.modelsphere.swiss.helm.ObjectKey;
import dev.modelsphere.swiss.plan.Plan;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Diffs against the releases an {@link InMemoryBackend} keeps, with no chart rendered: a plan
 * stands as one object holding its merged values, compared by the real {@link ManifestDiff} with
 * the same object of the plan the release runs. It stands for {@code PlanDiffer}, which renders the
 * chart and compares it with helm's stored manifest and the live objects; {@code PlanReviewsTest}
 * and {@code ChartDigestsTest} prove it on the test cluster.
 */
public final class InMemoryDiffs implements ReleaseDiffs {
  private final InMemoryBackend backend;

  public InMemoryDiffs(InMemoryBackend backend) {
    this.backend = backend;
  }

  @Override
  public DiffResult diff(Plan plan) {
    String ns = plan.release().namespace();
    String release = plan.release().name();
    LiveRelease live = backend.live(ns, release);
    Map<ObjectKey, Map<String, Object>> rendered = objects(plan);
    Map<ObjectKey, Map<String, Object>> running = live.exists() ? objects(live.plan()) : Map.of();
    ManifestComparison againstRelease =
        ManifestDiff.compare(
            live.exists() ? "release revision " + live.revision() : "no release",
            running,
            rendered);
    // What the release wrote is what lives here: nothing else changes objects in memory.
    Map<ObjectKey, Optional<Map<String, Object>>> liveObjects = new LinkedHashMap<>();
    rendered.keySet().forEach(key -> liveObjects.put(key, Optional.ofNullable(running.get(key))));
    ManifestComparison againstLive = ManifestDiff.compareLive(liveObjects, rendered);
    return new DiffResult(
        plan.hash(), ns, release, live.exists(), live.revision(), againstRelease, againstLive, "");
  }

  private static Map<ObjectKey, Map<String, Object>> objects(Plan plan) {
    String ns = plan.release().namespace();
    String name = plan.release().name() + "-values";
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("apiVersion", "v1");
    object.put("kind", "ConfigMap");
    object.put("metadata", Map.of("name", name, "namespace", ns));
    object.put("data", plan.values());
    return Map.of(new ObjectKey("v1", "ConfigMap", ns, name), object);
  }
}
