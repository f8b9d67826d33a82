package dev.modelsphere.swiss.deploy.helmbackend;

import dev.modelsphere.swiss.kube.KindCache;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of settling interrupted applies (an apply whose writer died: a killed replica, a CLI
 * closed mid-write, which reads as failed once its lease lapsed), run by whoever schedules it: the
 * one replica elected to, in the background, so a slow API server does not delay listening. A round
 * reads the watch's copy of the plan ConfigMaps, so it asks nothing live unless a record claims an
 * apply; the first round waits for the copy's first list. A round that cannot run says why and
 * leaves the work to the next: nothing it throws would reach anyone.
 */
public final class InterruptedApplySweep implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(InterruptedApplySweep.class);

  private final HelmDeployer helm;
  private final KindCache<ConfigMap> planConfigMaps;
  private final Duration firstList;

  /**
   * @param planConfigMaps a watch's copy of swiss's plan ConfigMaps
   * @param firstList how long a round waits for the copy's first list before it gives up
   */
  public InterruptedApplySweep(
      HelmDeployer helm, KindCache<ConfigMap> planConfigMaps, Duration firstList) {
    this.helm = helm;
    this.planConfigMaps = planConfigMaps;
    this.firstList = firstList;
  }

  @Override
  public void run() {
    if (!planConfigMaps.awaitSettled(firstList) || !planConfigMaps.refusal().isEmpty()) {
      LOG.warn(
          "interrupted applies not swept this round: {}",
          planConfigMaps.refusal().isEmpty()
              ? "the watch of plan configmaps has not listed them yet"
              : planConfigMaps.refusal());
      return;
    }
    try {
      int settled = helm.sweepInterrupted(planConfigMaps.items());
      if (settled > 0) {
        LOG.info("settled {} interrupted apply(s) as failed", settled);
      }
    } catch (RuntimeException e) {
      LOG.warn("interrupted applies not swept: {}", e.getMessage());
    }
  }
}
