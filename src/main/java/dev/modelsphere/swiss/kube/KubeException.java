package dev.modelsphere.swiss.kube;

import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * A cluster read or write failed; the message names the object and the operation. The cluster is
 * where the answer comes from, so its failure is {@link ErrorKind#UPSTREAM_FAILED}.
 */
public class KubeException extends DomainException {

  public KubeException(String message) {
    super(ErrorKind.UPSTREAM_FAILED, message);
  }

  public KubeException(String message, Throwable cause) {
    super(ErrorKind.UPSTREAM_FAILED, message, cause);
  }

  private KubeException(ErrorKind kind, String message, Throwable cause) {
    super(kind, message, cause);
  }

  /**
   * A failed call to the API server, described by what was attempted and why it failed: the API
   * server's own message when it answered, else the root cause (a refused connection, an unknown
   * host) rather than the client library's generic "Operation failed". A refusal by RBAC is the
   * caller's missing grant, not a broken cluster: the API server's message names the verb, the
   * resource and the namespace, and the answer says where such grants come from.
   */
  public static KubeException of(String attempted, Exception e) {
    if (e instanceof KubernetesClientException k && k.getCode() == 403) {
      return new KubeException(
          ErrorKind.FORBIDDEN,
          attempted
              + ": "
              + describe(e)
              + "; swiss's credentials lack this grant: the swiss chart grants it by rbac.scope,"
              + " rbac.namespaces and rbac.applyWith, or ask the cluster's admin",
          e);
    }
    return new KubeException(attempted + ": " + describe(e), e);
  }

  /** Why a call to the API server failed, in one line. */
  public static String describe(Exception e) {
    if (e instanceof KubernetesClientException k && k.getCode() > 0) {
      Status status = k.getStatus();
      String message =
          status == null || status.getMessage() == null ? k.getMessage() : status.getMessage();
      return message + " (HTTP " + k.getCode() + ")";
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage();
    if (root == e || message == null || message.isBlank()) {
      return e.getMessage();
    }
    return "cannot reach the API server: " + message + " (" + root.getClass().getSimpleName() + ")";
  }

  /** The API server's HTTP status when the cause carries one, else 0. */
  public int status() {
    return getCause() instanceof KubernetesClientException k ? k.getCode() : 0;
  }

  public boolean notFound() {
    return status() == 404;
  }

  /** The API server refused a write because the object moved on, or already exists. */
  public boolean conflict() {
    return status() == 409;
  }
}
