package dev.modelsphere.swiss.llmsvc;

import dev.modelsphere.swiss.kube.KubeException;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads LLMServices and asks whether the API serves them (backends.md §1.4, §3.5). Failures are
 * {@link LlmServiceException}s; a refusal by RBAC is the distinct {@link
 * LlmServiceForbiddenException}.
 */
public final class LlmServiceClient {
  /**
   * The resource discovery must list; its subresources ({@code llmservices/status}) do not count.
   */
  public static final String RESOURCE = "llmservices";

  private static final long DISCOVERY_TIMEOUT_SECONDS = 30;

  private final KubernetesClient client;
  private final String group;
  private final String version;

  public LlmServiceClient(KubernetesClient client) {
    this(client, LLMService.GROUP, LLMService.VERSION);
  }

  /**
   * A client whose discovery asks about {@code group/version}. Only {@link #served()} uses them:
   * tests point it at a throwaway group; reads always use the typed LLMService resource.
   */
  public LlmServiceClient(KubernetesClient client, String group, String version) {
    this.client = client;
    this.group = group;
    this.version = version;
  }

  /**
   * Whether the API server lists {@code llmservices} in the group-version. A group-version the
   * server does not know is "not served", not an error; any other failure throws.
   */
  public boolean served() {
    String groupVersion = group + "/" + version;
    // A raw request, not the client's discovery helpers: those may cache, and the answer must be
    // the server's current one (the access cache above this has its own TTL).
    HttpResponse<String> response = discover(groupVersion);
    if (response.code() == 404) {
      return false;
    }
    if (!response.isSuccessful()) {
      throw classify(
          "discover " + groupVersion,
          new KubernetesClientException(
              "HTTP " + response.code() + ": " + response.body(), response.code(), null));
    }
    APIResourceList resources;
    try {
      resources =
          client.getKubernetesSerialization().unmarshal(response.body(), APIResourceList.class);
    } catch (RuntimeException e) {
      throw new LlmServiceException(
          "discover " + groupVersion + ": unreadable answer: " + e.getMessage(), e);
    }
    if (resources == null || resources.getResources() == null) {
      return false;
    }
    return resources.getResources().stream().map(APIResource::getName).anyMatch(RESOURCE::equals);
  }

  /** The LLMService, or empty when it does not exist. */
  public Optional<LLMService> get(String namespace, String name) {
    try {
      return Optional.ofNullable(
          client.resources(LLMService.class).inNamespace(namespace).withName(name).get());
    } catch (KubernetesClientException e) {
      throw classify("get llmservice " + namespace + "/" + name, e);
    }
  }

  /**
   * LLMServices sorted by namespace then name. An empty list means one cluster-wide list; otherwise
   * one list per namespace, which is what a namespaced Role can authorise.
   */
  public List<LLMService> list(List<String> namespaces) {
    List<LLMService> found = new ArrayList<>();
    if (namespaces.isEmpty()) {
      found.addAll(listIn(null));
    } else {
      for (String namespace : namespaces) {
        found.addAll(listIn(namespace));
      }
    }
    found.sort(
        Comparator.comparing((LLMService s) -> s.getMetadata().getNamespace())
            .thenComparing(s -> s.getMetadata().getName()));
    return found;
  }

  private List<LLMService> listIn(String namespace) {
    String scope = namespace == null ? "all namespaces" : "namespace " + namespace;
    try {
      var resources = client.resources(LLMService.class);
      return namespace == null
          ? resources.inAnyNamespace().list().getItems()
          : resources.inNamespace(namespace).list().getItems();
    } catch (KubernetesClientException e) {
      throw classify("list llmservices in " + scope, e);
    }
  }

  private HttpResponse<String> discover(String groupVersion) {
    String base = client.getMasterUrl().toString().replaceAll("/+$", "");
    HttpRequest request =
        client
            .getHttpClient()
            .newHttpRequestBuilder()
            .uri(base + "/apis/" + groupVersion)
            .header("Accept", "application/json")
            .build();
    try {
      return client
          .getHttpClient()
          .sendAsync(request, String.class)
          .get(DISCOVERY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LlmServiceException("discover " + groupVersion + ": interrupted", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new LlmServiceException(
          "discover " + groupVersion + ": " + KubeException.describe(e), e);
    }
  }

  private static LlmServiceException classify(String attempted, KubernetesClientException e) {
    String message = attempted + ": " + KubeException.describe(e);
    return e.getCode() == 403
        ? new LlmServiceForbiddenException(message, e)
        : new LlmServiceException(message, e);
  }
}
