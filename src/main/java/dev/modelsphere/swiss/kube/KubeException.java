package dev.modelsphere.swiss.kube;

/** A cluster read or write failed; the message names the object and the operation. */
public class KubeException extends RuntimeException {

  public KubeException(String message) {
    super(message);
  }

  public KubeException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The API server's HTTP status when the cause carries one, else 0. */
  public int status() {
    return getCause() instanceof io.fabric8.kubernetes.client.KubernetesClientException k
        ? k.getCode()
        : 0;
  }

  public boolean notFound() {
    return status() == 404;
  }
}
