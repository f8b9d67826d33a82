package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.testing.LlmServiceChanges;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A SIMULATION of the LLMService operator's finalizer, for tests only: once an object in the
 * namespace is marked for deletion, it removes {@code serving.modelsphere.dev/finalizer}, as the
 * real operator does after {@code helm uninstall} succeeds. It uninstalls nothing.
 */
public final class OperatorSimulation implements AutoCloseable {
  private final KubernetesClient client;
  private final SharedIndexInformer<LlmService> informer;
  private final List<String> finalized = new CopyOnWriteArrayList<>();

  public OperatorSimulation(KubernetesClient client, String namespace) {
    this.client = client;
    this.informer = LlmServiceChanges.inform(client, namespace, this::finalizeIfDeleting);
  }

  /** Names of the objects whose finalizer this simulation removed. */
  public List<String> finalized() {
    return new ArrayList<>(finalized);
  }

  private void finalizeIfDeleting(LlmService svc) {
    if (svc.getMetadata().getDeletionTimestamp() == null
        || !svc.getMetadata().getFinalizers().contains(LlmService.FINALIZER)) {
      return;
    }
    try {
      client
          .resources(LlmService.class)
          .resource(svc)
          .edit(
              o -> {
                o.getMetadata().getFinalizers().remove(LlmService.FINALIZER);
                return o;
              });
      finalized.add(svc.getMetadata().getName());
    } catch (KubernetesClientException e) {
      // The object moved or went meanwhile; the informer delivers its next state.
    }
  }

  @Override
  public void close() {
    informer.close();
  }
}
