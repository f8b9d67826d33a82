package dev.modelsphere.swiss.llmsvc;

import dev.modelsphere.swiss.kube.KubeException;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.apps.ControllerRevision;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

  private final KubernetesClient client;
  private final String group;
  private final String version;

  public LlmServiceClient(KubernetesClient client) {
    this(client, LlmService.GROUP, LlmService.VERSION);
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
    APIResourceList resources;
    try {
      // Asks the server on every call: fabric8 keeps no discovery cache behind getApiResources,
      // and the answer must be the server's current one (LlmServiceAccess has its own TTL).
      resources = client.getApiResources(groupVersion);
    } catch (KubernetesClientException e) {
      throw classify("discover " + groupVersion, e);
    }
    // fabric8 answers a 404, an unknown group-version, with null.
    if (resources == null || resources.getResources() == null) {
      return false;
    }
    return resources.getResources().stream().map(APIResource::getName).anyMatch(RESOURCE::equals);
  }

  /** The LLMService, or empty when it does not exist. */
  public Optional<LlmService> get(String namespace, String name) {
    try {
      return Optional.ofNullable(
          client.resources(LlmService.class).inNamespace(namespace).withName(name).get());
    } catch (KubernetesClientException e) {
      throw classify("get llmservice " + namespace + "/" + name, e);
    }
  }

  /**
   * LLMServices sorted by namespace then name. An empty list means one cluster-wide list; otherwise
   * one list per namespace, which is what a namespaced Role can authorise.
   */
  public List<LlmService> list(List<String> namespaces) {
    List<LlmService> found = new ArrayList<>();
    if (namespaces.isEmpty()) {
      found.addAll(listIn(null));
    } else {
      for (String namespace : namespaces) {
        found.addAll(listIn(namespace));
      }
    }
    found.sort(
        Comparator.comparing((LlmService s) -> s.getMetadata().getNamespace())
            .thenComparing(s -> s.getMetadata().getName()));
    return found;
  }

  /**
   * The object as the operator recorded it when it applied one revision: the spec and swiss
   * annotations its ControllerRevision keeps, named as the release. Empty when that
   * ControllerRevision is gone.
   *
   * @throws LlmServiceException when it cannot be read, or holds no LLMService snapshot
   */
  public Optional<LlmService> snapshot(String namespace, String release, String revisionName) {
    String ref = "controllerrevision " + namespace + "/" + revisionName;
    ControllerRevision found;
    try {
      found =
          client.apps().controllerRevisions().inNamespace(namespace).withName(revisionName).get();
    } catch (KubernetesClientException e) {
      throw classify(ref, e);
    }
    if (found == null) {
      return Optional.empty();
    }
    KubernetesSerialization json = client.getKubernetesSerialization();
    Map<?, ?> data =
        found.getData() == null ? Map.of() : json.convertValue(found.getData(), Map.class);
    if (!(data.get("spec") instanceof Map<?, ?> spec)) {
      throw new LlmServiceException(ref + " holds no LLMService snapshot: its data has no spec");
    }
    LlmService snapshot = new LlmService();
    ObjectMeta metadata = new ObjectMeta();
    metadata.setNamespace(namespace);
    metadata.setName(release);
    if (data.get("annotations") instanceof Map<?, ?> annotations && !annotations.isEmpty()) {
      Map<String, String> copied = new LinkedHashMap<>();
      annotations.forEach((k, v) -> copied.put(String.valueOf(k), String.valueOf(v)));
      metadata.setAnnotations(copied);
    }
    snapshot.setMetadata(metadata);
    snapshot.setSpec(json.convertValue(spec, LlmServiceSpec.class));
    return Optional.of(snapshot);
  }

  private List<LlmService> listIn(String namespace) {
    String scope = namespace == null ? "all namespaces" : "namespace " + namespace;
    try {
      var resources = client.resources(LlmService.class);
      return namespace == null
          ? resources.inAnyNamespace().list().getItems()
          : resources.inNamespace(namespace).list().getItems();
    } catch (KubernetesClientException e) {
      throw classify("list llmservices in " + scope, e);
    }
  }

  private static LlmServiceException classify(String attempted, KubernetesClientException e) {
    String message = attempted + ": " + KubeException.describe(e);
    return e.getCode() == 403
        ? new LlmServiceForbiddenException(message, e)
        : new LlmServiceException(message, e);
  }
}
