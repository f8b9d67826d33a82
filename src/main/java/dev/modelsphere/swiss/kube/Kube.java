package dev.modelsphere.swiss.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The small set of cluster reads and writes swiss needs beside helm: namespaces, the plan
 * ConfigMap, archive Secrets, and live objects by kind. Every failure names what was touched.
 */
public final class Kube {

  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
  public static final String SWISS = "swiss";
  public static final String PLAN_PREFIX = "swiss-plan-";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final KubernetesClient client;

  public Kube(KubernetesClient client) {
    this.client = client;
  }

  public KubernetesClient client() {
    return client;
  }

  public boolean namespaceExists(String namespace) {
    try {
      return client.namespaces().withName(namespace).get() != null;
    } catch (KubernetesClientException e) {
      throw KubeException.of("read namespace " + namespace, e);
    }
  }

  /** Creates the namespace; one that already exists is fine. */
  public void ensureNamespace(String namespace) {
    try {
      client
          .namespaces()
          .resource(
              new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
          .create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw KubeException.of("create namespace " + namespace, e);
      }
    }
  }

  /** The ConfigMap's data, empty when it does not exist. */
  public Optional<Map<String, String>> configMap(String namespace, String name) {
    try {
      ConfigMap found = client.configMaps().inNamespace(namespace).withName(name).get();
      return Optional.ofNullable(found).map(cm -> cm.getData() == null ? Map.of() : cm.getData());
    } catch (KubernetesClientException e) {
      throw KubeException.of("read configmap " + namespace + "/" + name, e);
    }
  }

  /** Writes the ConfigMap labelled as swiss's: update, or create when absent; last writer wins. */
  public void putConfigMap(String namespace, String name, Map<String, String> data) {
    ConfigMap configMap =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .addToLabels(MANAGED_BY, SWISS)
            .endMetadata()
            .withData(new TreeMap<>(data))
            .build();
    try {
      client.configMaps().inNamespace(namespace).resource(configMap).createOr(op -> op.update());
    } catch (KubernetesClientException e) {
      throw KubeException.of("write configmap " + namespace + "/" + name, e);
    }
  }

  /** Deletes the ConfigMap; an absent one is success. */
  public void deleteConfigMap(String namespace, String name) {
    try {
      client.configMaps().inNamespace(namespace).withName(name).delete();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw KubeException.of("delete configmap " + namespace + "/" + name, e);
      }
    }
  }

  /** Writes the Secret with these labels and string data: update, or create when absent. */
  public void putSecret(
      String namespace, String name, Map<String, String> data, Map<String, String> labels) {
    Secret secret =
        new SecretBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .withLabels(labels)
            .endMetadata()
            .withStringData(new TreeMap<>(data))
            .build();
    try {
      client.secrets().inNamespace(namespace).resource(secret).createOr(op -> op.update());
    } catch (KubernetesClientException e) {
      throw KubeException.of("write secret " + namespace + "/" + name, e);
    }
  }

  /** The Secret's data decoded to strings, empty when it does not exist. */
  public Optional<Map<String, String>> secret(String namespace, String name) {
    try {
      Secret found = client.secrets().inNamespace(namespace).withName(name).get();
      if (found == null) {
        return Optional.empty();
      }
      Map<String, String> decoded = new LinkedHashMap<>();
      if (found.getData() != null) {
        found
            .getData()
            .forEach(
                (k, v) ->
                    decoded.put(
                        k, new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8)));
      }
      return Optional.of(decoded);
    } catch (KubernetesClientException e) {
      throw KubeException.of("read secret " + namespace + "/" + name, e);
    }
  }

  /** Names of the Secrets carrying all these labels, sorted. */
  public List<String> secretNames(String namespace, Map<String, String> labels) {
    try {
      return client.secrets().inNamespace(namespace).withLabels(labels).list().getItems().stream()
          .map(s -> s.getMetadata().getName())
          .sorted()
          .toList();
    } catch (KubernetesClientException e) {
      throw KubeException.of("list secrets in " + namespace, e);
    }
  }

  /** Deletes the Secret; an absent one is success. */
  public void deleteSecret(String namespace, String name) {
    try {
      client.secrets().inNamespace(namespace).withName(name).delete();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw KubeException.of("delete secret " + namespace + "/" + name, e);
      }
    }
  }

  /**
   * Releases swiss manages, from plan ConfigMap metadata alone, sorted by namespace then name. With
   * namespaces configured every list is per namespace: a namespaced grant allows no cluster-wide
   * list.
   */
  public List<ManagedRef> managedRefs(List<String> namespaces) {
    List<ManagedRef> refs = new ArrayList<>();
    if (namespaces == null || namespaces.isEmpty()) {
      refs.addAll(listManaged(null));
    } else {
      namespaces.forEach(ns -> refs.addAll(listManaged(ns)));
    }
    refs.sort(Comparator.comparing(ManagedRef::namespace).thenComparing(ManagedRef::release));
    return refs;
  }

  private List<ManagedRef> listManaged(String namespace) {
    String scope = namespace == null ? "the cluster scope" : "namespace " + namespace;
    String path =
        namespace == null
            ? "api/v1/configmaps"
            : "api/v1/namespaces/" + encode(namespace) + "/configmaps";
    String uri =
        withSlash(client.getMasterUrl().toString())
            + path
            + "?labelSelector="
            + encode(MANAGED_BY + "=" + SWISS);
    // Metadata only: the plan files can be large and a listing needs none of them.
    HttpRequest request =
        client
            .getHttpClient()
            .newHttpRequestBuilder()
            .uri(uri)
            .header("Accept", "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1")
            .build();
    HttpResponse<String> response;
    try {
      response = client.getHttpClient().sendAsync(request, String.class).get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubeException("list plan configmaps in " + scope + ": interrupted", e);
    } catch (ExecutionException | TimeoutException e) {
      throw KubeException.of("list plan configmaps in " + scope, e);
    }
    if (!response.isSuccessful()) {
      throw new KubeException(
          "list plan configmaps in " + scope + ": HTTP " + response.code() + " " + response.body(),
          new KubernetesClientException(response.body(), response.code(), null));
    }
    List<ManagedRef> refs = new ArrayList<>();
    for (JsonNode item : readTree(response.body(), scope).path("items")) {
      String name = item.path("metadata").path("name").asText();
      if (name.startsWith(PLAN_PREFIX) && name.length() > PLAN_PREFIX.length()) {
        refs.add(
            new ManagedRef(
                item.path("metadata").path("namespace").asText(),
                name.substring(PLAN_PREFIX.length())));
      }
    }
    return refs;
  }

  private static JsonNode readTree(String body, String scope) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new KubeException(
          "list plan configmaps in " + scope + ": unreadable answer: " + e.getMessage(), e);
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static String withSlash(String url) {
    return url.endsWith("/") ? url : url + "/";
  }

  /**
   * The live object of this kind, as a plain tree; empty when it does not exist or its kind is not
   * served (a CRD that is not installed cannot have objects).
   */
  public Optional<Map<String, Object>> object(
      String apiVersion, String kind, String namespace, String name) {
    try {
      GenericKubernetesResource found =
          client
              .genericKubernetesResources(apiVersion, kind)
              .inNamespace(namespace)
              .withName(name)
              .get();
      if (found == null) {
        return Optional.empty();
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> tree = Serialization.jsonMapper().convertValue(found, Map.class);
      return Optional.of(tree);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404 || notServed(e)) {
        return Optional.empty();
      }
      throw KubeException.of("get " + kind + " " + namespace + "/" + name, e);
    }
  }

  /** Discovery does not know the kind: its CRD is not installed, so no such object can exist. */
  private static boolean notServed(KubernetesClientException e) {
    return e.getMessage() != null && e.getMessage().contains("Could not find the metadata");
  }
}
