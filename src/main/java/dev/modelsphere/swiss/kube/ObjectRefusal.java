package dev.modelsphere.swiss.kube;

import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One object the API server refused, in its own words: what it named the object ({@code
 * Service/granite-3.3-8b-vllm}), the field its cause names ({@code metadata.name}; empty when it
 * names none) and its message. Refusals are read off the API server's Status, so a message says
 * what the API server said, not a guess at it.
 */
public record ObjectRefusal(String object, String field, String message) {
  public ObjectRefusal {
    object = object == null ? "" : object;
    field = field == null ? "" : field;
    message = message == null ? "" : message.strip();
  }

  /**
   * Whether the API server refused the object itself: 422 (Invalid), or 400 (a bad request, such as
   * strict field validation's unknown field). Sent again unchanged, it is refused again.
   */
  public static boolean refusesTheObject(KubernetesClientException e) {
    return e.getCode() == 422 || e.getCode() == 400;
  }

  /** The refusals {@code e} carries, as {@link #of(String, Status)} reads them. */
  public static List<ObjectRefusal> of(String object, KubernetesClientException e) {
    return e.getStatus() == null
        ? List.of(new ObjectRefusal(object, "", e.getMessage()))
        : of(object, e.getStatus());
  }

  /** Every refusal's line, joined: one answer names them all. */
  public static String describe(List<ObjectRefusal> refusals) {
    return refusals.stream().map(ObjectRefusal::describe).collect(Collectors.joining("; "));
  }

  /**
   * One refusal per cause of {@code status}, each on its field; one with the status' message when
   * it gives no cause.
   *
   * @param object the object as the caller names it, for a status whose details name none
   */
  public static List<ObjectRefusal> of(String object, Status status) {
    String named = named(object, status);
    List<StatusCause> causes =
        status.getDetails() == null || status.getDetails().getCauses() == null
            ? List.of()
            : status.getDetails().getCauses();
    if (causes.isEmpty()) {
      return List.of(new ObjectRefusal(named, "", status.getMessage()));
    }
    return causes.stream()
        .map(cause -> new ObjectRefusal(named, cause.getField(), cause.getMessage()))
        .toList();
  }

  private static String named(String object, Status status) {
    if (status.getDetails() == null
        || status.getDetails().getName() == null
        || status.getDetails().getKind() == null
        || !object.isEmpty()) {
      return object;
    }
    return status.getDetails().getKind() + "/" + status.getDetails().getName();
  }

  /** {@code Service/x metadata.name: Invalid value: ...}, as a refusal's line. */
  public String describe() {
    String where = field.isEmpty() ? object : object + " " + field;
    return where.isEmpty() ? message : where + ": " + message;
  }
}
