package dev.modelsphere.swiss.kube;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The small set of cluster reads and writes swiss needs beside helm: namespaces, the plan
 * ConfigMap, archive Secrets, and live objects by kind. Every failure names what was touched.
 */
public final class Kube {

  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
  public static final String SWISS = "swiss";

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
    ensureNamespace(namespace, Map.of());
  }

  /**
   * Creates the namespace with {@code labels}; one that already exists is fine, and keeps its own
   * labels: only a namespace made here is labelled.
   */
  public void ensureNamespace(String namespace, Map<String, String> labels) {
    try {
      client
          .namespaces()
          .resource(
              new NamespaceBuilder()
                  .withNewMetadata()
                  .withName(namespace)
                  .withLabels(labels.isEmpty() ? null : new TreeMap<>(labels))
                  .endMetadata()
                  .build())
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
            .withMetadata(metadata(namespace, name, Map.of(MANAGED_BY, SWISS)))
            .withData(new TreeMap<>(data))
            .build();
    createOrUpdate(
        client.configMaps().inNamespace(namespace).resource(configMap),
        "write configmap " + namespace + "/" + name);
  }

  /** The ConfigMap with its annotations and resourceVersion; {@link ConfigMapVersion#absent()}. */
  public ConfigMapVersion versionedConfigMap(String namespace, String name) {
    try {
      ConfigMap found = client.configMaps().inNamespace(namespace).withName(name).get();
      if (found == null) {
        return ConfigMapVersion.absent();
      }
      return new ConfigMapVersion(
          found.getData(),
          found.getMetadata().getAnnotations(),
          found.getMetadata().getResourceVersion());
    } catch (KubernetesClientException e) {
      throw KubeException.of("read configmap " + namespace + "/" + name, e);
    }
  }

  /**
   * Writes the ConfigMap labelled as swiss's only if nobody wrote it since {@code seen} was read:
   * an update naming the resourceVersion read, or a create when it was absent. A lost race is a
   * {@link KubeException} with {@link KubeException#conflict()}.
   *
   * @return the resourceVersion of the write, for the next compare-and-swap
   */
  public String swapConfigMap(
      String namespace,
      String name,
      ConfigMapVersion seen,
      Map<String, String> data,
      Map<String, String> annotations) {
    ConfigMap configMap =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .addToLabels(MANAGED_BY, SWISS)
            .withAnnotations(annotations.isEmpty() ? null : new TreeMap<>(annotations))
            .withResourceVersion(seen.exists() ? seen.resourceVersion() : null)
            .endMetadata()
            .withData(new TreeMap<>(data))
            .build();
    try {
      var resource = client.configMaps().inNamespace(namespace).resource(configMap);
      // An update carrying a resourceVersion is refused with 409 when the object moved on; a
      // create is refused with 409 when someone created it first.
      ConfigMap written = seen.exists() ? resource.update() : resource.create();
      return written.getMetadata().getResourceVersion();
    } catch (KubernetesClientException e) {
      throw KubeException.of("write configmap " + namespace + "/" + name, e);
    }
  }

  /**
   * Sets one key of a ConfigMap, creating the ConfigMap when absent. Its other keys, labels and
   * annotations stay as they are: a ConfigMap a chart created keeps the chart's ownership marks.
   */
  public void putConfigMapKey(String namespace, String name, String key, String text) {
    ConfigMap patch =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .endMetadata()
            .withData(Map.of(key, text))
            .build();
    try {
      // Server-side apply owns just this key; forced, because a person may have set it by hand.
      client
          .configMaps()
          .inNamespace(namespace)
          .resource(patch)
          .fieldManager(SWISS)
          .forceConflicts()
          .serverSideApply();
    } catch (KubernetesClientException e) {
      throw KubeException.of("write key " + key + " of configmap " + namespace + "/" + name, e);
    }
  }

  /** Deletes the ConfigMap; an absent one is success. */
  public void deleteConfigMap(String namespace, String name) {
    deleteIfPresent(
        client.configMaps().inNamespace(namespace).withName(name),
        "delete configmap " + namespace + "/" + name);
  }

  /** Writes the Secret with these labels and string data: update, or create when absent. */
  public void putSecret(
      String namespace, String name, Map<String, String> data, Map<String, String> labels) {
    Secret secret =
        new SecretBuilder()
            .withMetadata(metadata(namespace, name, labels))
            .withStringData(new TreeMap<>(data))
            .build();
    createOrUpdate(
        client.secrets().inNamespace(namespace).resource(secret),
        "write secret " + namespace + "/" + name);
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
    deleteIfPresent(
        client.secrets().inNamespace(namespace).withName(name),
        "delete secret " + namespace + "/" + name);
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

  /** The metadata of an object swiss writes whole: its name, namespace and labels. */
  private static ObjectMeta metadata(String namespace, String name, Map<String, String> labels) {
    return new ObjectMetaBuilder()
        .withName(name)
        .withNamespace(namespace)
        .withLabels(new TreeMap<>(labels))
        .build();
  }

  /** Writes the object whole: an update, or a create when it is absent; the last writer wins. */
  private static <T extends HasMetadata> void createOrUpdate(Resource<T> object, String doing) {
    try {
      object.createOr(NonDeletingOperation::update);
    } catch (KubernetesClientException e) {
      throw KubeException.of(doing, e);
    }
  }

  /** Deletes the object; an absent one is success, since the caller only wants it gone. */
  private static void deleteIfPresent(Resource<? extends HasMetadata> object, String doing) {
    try {
      object.delete();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw KubeException.of(doing, e);
      }
    }
  }
}
