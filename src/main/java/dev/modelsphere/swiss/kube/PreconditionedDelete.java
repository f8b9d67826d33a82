package dev.modelsphere.swiss.kube;

import io.fabric8.kubernetes.api.model.DeleteOptions;
import io.fabric8.kubernetes.api.model.DeleteOptionsBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * A DELETE of one object that the API server performs only if the object still has the uid and
 * resourceVersion it had when it was read, so a replaced or re-applied object is never removed by
 * accident (spec/canary.md §6). Every answer, 404 and 409 included, comes back as the server gave
 * it.
 */
public final class PreconditionedDelete {

  /** The API server's answer: its HTTP status and, for a refusal, its message. */
  public record Answer(int code, String message) {
    /**
     * A raw call hands back the body of a success, not its status; any 2xx means the server took
     * the delete, which is all a caller needs to know.
     */
    static final Answer ACCEPTED = new Answer(200, "");

    public boolean accepted() {
      return code >= 200 && code < 300;
    }
  }

  private final KubernetesClient client;

  public PreconditionedDelete(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Deletes {@code seen} if it is still the object that was read: same uid, same resourceVersion.
   * An answer of any status is returned; only a request that got no answer throws.
   *
   * @param seen a typed object as read from the server (its class names group, version, plural)
   * @throws KubeException the API server did not answer
   */
  public Answer send(HasMetadata seen) {
    ObjectMeta meta = seen.getMetadata();
    DeleteOptions options =
        new DeleteOptionsBuilder()
            .withNewPreconditions()
            .withUid(meta.getUid())
            .withResourceVersion(meta.getResourceVersion())
            .endPreconditions()
            .build();
    try {
      // fabric8 8.0.0's DSL cannot send this: lockResourceVersion(rv).delete() builds its
      // DeleteOptions with a resourceVersion precondition and no uid. client.raw is the client's
      // own call for what its DSL lacks: same config, authentication, timeouts, retries and
      // Status parsing as every other request.
      client.raw(path(seen), "DELETE", options);
      return Answer.ACCEPTED;
    } catch (KubernetesClientException e) {
      if (e.getCode() > 0) {
        return new Answer(e.getCode(), messageOf(e));
      }
      throw KubeException.of(
          "delete %s %s/%s".formatted(seen.getKind(), meta.getNamespace(), meta.getName()), e);
    }
  }

  /** The object's URL path below the API server's root, from its Java type's annotations. */
  private static String path(HasMetadata seen) {
    ResourceDefinitionContext type = ResourceDefinitionContext.fromResourceType(seen.getClass());
    String group = type.getGroup();
    String api = group == null || group.isEmpty() ? "api" : "apis/" + group;
    return "/%s/%s/namespaces/%s/%s/%s"
        .formatted(
            api,
            type.getVersion(),
            seen.getMetadata().getNamespace(),
            type.getPlural(),
            seen.getMetadata().getName());
  }

  /** The Status message the API server sent with its refusal, else the client's description. */
  private static String messageOf(KubernetesClientException e) {
    Status status = e.getStatus();
    if (status != null && status.getMessage() != null && !status.getMessage().isEmpty()) {
      return status.getMessage();
    }
    return e.getMessage();
  }
}
