package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.llmsvc.LlmService;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.function.Consumer;

/**
 * What an operator simulation reacts to: each LLMService of a namespace as it is added or changed.
 */
public final class LlmServiceChanges {
  private LlmServiceChanges() {}

  /** Starts watching; {@code onChange} sees the object as it now is. Close the informer to stop. */
  public static SharedIndexInformer<LlmService> inform(
      KubernetesClient client, String namespace, Consumer<LlmService> onChange) {
    return client
        .resources(LlmService.class)
        .inNamespace(namespace)
        .inform(
            new ResourceEventHandler<>() {
              @Override
              public void onAdd(LlmService svc) {
                onChange.accept(svc);
              }

              @Override
              public void onUpdate(LlmService before, LlmService svc) {
                onChange.accept(svc);
              }

              @Override
              public void onDelete(LlmService svc, boolean unknownFinalState) {}
            });
  }
}
