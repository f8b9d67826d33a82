package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.llmsvc.LLMService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import io.fabric8.kubernetes.api.model.DeleteOptions;
import io.fabric8.kubernetes.api.model.Preconditions;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A DELETE of one LLMService that the API server performs only if the object still has the given
 * uid and resourceVersion. fabric8 8.0.0's {@code lockResourceVersion(rv).delete()} sends
 * preconditions with the resourceVersion only (uid left null), so the request carries its own
 * {@code DeleteOptions} body through the client's authenticated HTTP stack, and every answer, 404
 * and 409 included, comes back as the server gave it.
 */
final class PreconditionedDelete {
  private static final long TIMEOUT_SECONDS = 30;

  /** The API server's answer: its HTTP status and, for a refusal, its message. */
  record Answer(int code, String message) {
    boolean accepted() {
      return code >= 200 && code < 300;
    }
  }

  private final KubernetesClient client;

  PreconditionedDelete(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Sends the DELETE. An answer of any status is returned; only a request that got no answer
   * throws.
   */
  Answer send(String namespace, String name, String uid, String resourceVersion) {
    DeleteOptions options = new DeleteOptions();
    options.setApiVersion("v1");
    options.setKind("DeleteOptions");
    options.setPreconditions(new Preconditions(resourceVersion, uid));
    String body = client.getKubernetesSerialization().asJson(options);
    HttpRequest request =
        client
            .getHttpClient()
            .newHttpRequestBuilder()
            .uri(url(namespace, name))
            .timeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
            .method("DELETE", "application/json", body)
            .build();
    HttpResponse<String> response = await(request, namespace + "/" + name);
    if (response.isSuccessful()) {
      return new Answer(response.code(), "");
    }
    return new Answer(response.code(), messageOf(response));
  }

  private String url(String namespace, String name) {
    String base = client.getMasterUrl().toString().replaceAll("/+$", "");
    return base
        + "/apis/"
        + LLMService.GROUP
        + "/"
        + LLMService.VERSION
        + "/namespaces/"
        + namespace
        + "/"
        + LlmServiceClient.RESOURCE
        + "/"
        + name;
  }

  private HttpResponse<String> await(HttpRequest request, String ref) {
    try {
      return client
          .getHttpClient()
          .sendAsync(request, String.class)
          .get(TIMEOUT_SECONDS + 5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw unavailable(ref, e.getCause());
    } catch (TimeoutException e) {
      throw unavailable(ref, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unavailable(ref, e);
    }
  }

  private static DeployException unavailable(String ref, Throwable cause) {
    return new DeployException(
        DeployException.Reason.UNAVAILABLE,
        "could not delete LLMService "
            + ref
            + ": the API server did not answer ("
            + cause
            + "); nothing is known to be deleted, look again",
        cause);
  }

  /** The Status message the API server sends with a refusal, or the raw body if it is none. */
  private String messageOf(HttpResponse<String> response) {
    String body = response.body() == null ? "" : response.body();
    try {
      Status status = client.getKubernetesSerialization().unmarshal(body, Status.class);
      if (status != null && status.getMessage() != null && !status.getMessage().isEmpty()) {
        return status.getMessage();
      }
    } catch (RuntimeException e) {
      // Not a Status object (a proxy's page, say): the body itself is the best message there is.
    }
    return body.isBlank() ? "HTTP " + response.code() : body;
  }
}
