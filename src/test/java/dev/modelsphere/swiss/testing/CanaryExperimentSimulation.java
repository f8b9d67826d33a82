package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.llmsvc.LlmService;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A SIMULATION of the Canary controller running one experiment, for tests and the demo only: it
 * watches the LLMServices of a namespace and keeps the experiment's two arms marked the way the
 * controller would. The baseline is a service the user deployed and the experiment borrows
 * (<em>referenced</em>); the candidate is a service the experiment owns (<em>owned</em>). A real
 * controller would create the candidate itself; here swiss installs it and this loop takes it over,
 * which leaves the same metadata. A service that loses its marks (reinstalled, or edited by hand)
 * gets them back at its next change, as it would from a reconciling controller.
 */
public final class CanaryExperimentSimulation implements AutoCloseable {
  /** One experiment: its name and the services it compares. */
  public record Experiment(String name, String baseline, String candidate) {
    static final String BASELINE_ARM = "baseline";
    static final String CANDIDATE_ARM = "candidate";
  }

  private final CanarySimulation canary;
  private final Experiment experiment;
  private final String namespace;
  private final SharedIndexInformer<LlmService> informer;
  private final CountDownLatch bothMarked = new CountDownLatch(1);
  private final Runnable onBothMarked;

  /**
   * Serves the LLMCanary API (installing its CRD) and starts watching {@code namespace}.
   *
   * @param onBothMarked run once, the first time both arms carry their marks
   */
  public CanaryExperimentSimulation(
      KubernetesClient client, String namespace, Experiment experiment, Runnable onBothMarked) {
    this.canary = new CanarySimulation(client, namespace);
    this.experiment = experiment;
    this.onBothMarked = onBothMarked;
    this.namespace = namespace;
    this.informer = LlmServiceChanges.inform(client, namespace, this::reconcile);
    reportOnceBothMarked();
  }

  /** Waits until both arms have been marked; false if they were not within the timeout. */
  public boolean awaitBothMarked(long timeout, TimeUnit unit) throws InterruptedException {
    return bothMarked.await(timeout, unit);
  }

  private synchronized void reconcile(LlmService svc) {
    if (svc.getMetadata().getDeletionTimestamp() != null) {
      return;
    }
    String name = svc.getMetadata().getName();
    try {
      if (name.equals(experiment.baseline()) && !borrowed(svc)) {
        canary.borrow(name, experiment.name(), Experiment.BASELINE_ARM);
      } else if (name.equals(experiment.candidate()) && !owned(svc)) {
        canary.own(name, experiment.name(), Experiment.CANDIDATE_ARM);
      }
    } catch (KubernetesClientException e) {
      // Deleted or changed meanwhile: the informer delivers the service's next state.
      return;
    }
    reportOnceBothMarked();
  }

  private synchronized void reportOnceBothMarked() {
    // The first events arrive while the informer starts, before this object holds it.
    if (informer != null && bothMarked.getCount() > 0 && armsMarkedNow()) {
      bothMarked.countDown();
      onBothMarked.run();
    }
  }

  /** Both arms as the informer last saw them (it sees this loop's own writes as changes). */
  private boolean armsMarkedNow() {
    LlmService baseline = informer.getStore().getByKey(namespace + "/" + experiment.baseline());
    LlmService candidate = informer.getStore().getByKey(namespace + "/" + experiment.candidate());
    return baseline != null && candidate != null && borrowed(baseline) && owned(candidate);
  }

  private boolean borrowed(LlmService svc) {
    return CanarySimulation.isBorrowedBy(svc, experiment.name(), Experiment.BASELINE_ARM);
  }

  private boolean owned(LlmService svc) {
    return CanarySimulation.isOwnedBy(svc, experiment.name());
  }

  @Override
  public void close() {
    informer.close();
  }
}
