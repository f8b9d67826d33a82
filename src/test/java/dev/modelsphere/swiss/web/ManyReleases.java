package dev.modelsphere.swiss.web;

import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Seeds managed helm releases straight into the cluster (a plan ConfigMap with its status and
 * helm's release Secret each, no pods), in parallel: a fleet of a thousand in seconds, without a
 * thousand helm installs.
 */
final class ManyReleases {
  private static final int THREADS = 8;

  private ManyReleases() {}

  /** Releases {@code rel-0000} to {@code rel-<count - 1>} in {@code namespace}. */
  static void seed(Kube kube, String namespace, int count) throws Exception {
    PlanStatus applied = ReleaseSeeds.status("applied", "");
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> writes = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        String release = "rel-%04d".formatted(i);
        writes.add(pool.submit(() -> store(kube, namespace, release, applied)));
      }
      for (Future<?> write : writes) {
        write.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static Void store(Kube kube, String namespace, String release, PlanStatus status) {
    Map<String, String> files =
        new LinkedHashMap<>(
            PlanFiles.files(ExamplePlans.sglang(release, namespace, "replicaCount: 1"), ""));
    files.put(PlanStatus.FILE, status.toYaml());
    kube.putConfigMap(namespace, PlanConfigMapName.of(release).toString(), files);
    HelmSecrets.store(kube, namespace, release, 1, "deployed");
    return null;
  }
}
