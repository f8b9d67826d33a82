package dev.modelsphere.swiss.kube;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.FieldValidateable.Validation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sends objects to the API server as helm's server-side apply would, with {@code dryRun=All}: the
 * API server validates, defaults and admits each one and stores nothing. Applied as helm's field
 * manager ({@value #HELM}, what native/helm sets), so the object is merged with what helm applied
 * before exactly as the write will merge it, and forcing conflicts: who owns a field is the write's
 * to settle (it refuses, or forces when asked, with advice of its own), never the dry run's. Fields
 * are validated strictly, as helm writes.
 */
public final class ServerDryRun {
  /** The field manager helm's writes apply as. */
  public static final String HELM = "helm";

  /** What the dry run found of one object it could not pass. */
  public enum Outcome {
    /** The API server refused the object; {@link Finding#refusals()} say why. */
    REFUSED,
    /** The cluster serves no such kind: its CRD is not installed. */
    NOT_SERVED,
    /** Its namespace does not exist yet, so nothing in it can be tried. */
    NAMESPACE_MISSING,
    /** swiss's credentials may not write it. */
    FORBIDDEN
  }

  /**
   * One object the dry run did not pass.
   *
   * @param refusals the API server's refusals (for {@link Outcome#REFUSED}); for {@link
   *     Outcome#FORBIDDEN}, its message
   */
  public record Finding(
      Outcome outcome, String apiVersion, String kind, String name, List<ObjectRefusal> refusals) {
    public Finding {
      refusals = List.copyOf(refusals);
    }

    /** {@code Service/x}, as the API server names an object. */
    public String object() {
      return kind + "/" + name;
    }
  }

  private static final Duration KEPT_FOR = Duration.ofMinutes(1);

  private final KubernetesClient client;
  private final Discovery discovery = new Discovery();

  public ServerDryRun(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Every object of {@code objects} the API server would not take, in their order.
   *
   * @param objects objects as trees, as a manifest holds them
   * @param namespace where a namespaced object that names no namespace goes (the release's)
   * @throws KubeException when the API server cannot be asked
   */
  public List<Finding> apply(List<Map<String, Object>> objects, String namespace) {
    List<Finding> findings = new ArrayList<>();
    for (Map<String, Object> tree : objects) {
      GenericKubernetesResource object =
          client.getKubernetesSerialization().convertValue(tree, GenericKubernetesResource.class);
      check(object, namespace).ifPresent(findings::add);
    }
    return findings;
  }

  private Optional<Finding> check(GenericKubernetesResource object, String namespace) {
    String apiVersion = object.getApiVersion();
    String kind = object.getKind();
    String name = object.getMetadata() == null ? "" : object.getMetadata().getName();
    Optional<APIResource> type = discovery.find(apiVersion, kind);
    if (type.isEmpty()) {
      return Optional.of(new Finding(Outcome.NOT_SERVED, apiVersion, kind, name, List.of()));
    }
    try {
      target(object, namespace, ResourceDefinitionContext.fromApiResource(apiVersion, type.get()))
          .dryRun()
          .fieldValidation(Validation.STRICT)
          .fieldManager(HELM)
          .forceConflicts()
          .serverSideApply();
      return Optional.empty();
    } catch (KubernetesClientException e) {
      return Optional.of(finding(e, apiVersion, kind, name));
    }
  }

  private Resource<GenericKubernetesResource> target(
      GenericKubernetesResource object, String namespace, ResourceDefinitionContext type) {
    var kind = client.genericKubernetesResources(type);
    if (!type.isNamespaceScoped()) {
      object.getMetadata().setNamespace(null);
      return kind.resource(object);
    }
    String own = object.getMetadata().getNamespace();
    String where = own == null || own.isEmpty() ? namespace : own;
    object.getMetadata().setNamespace(where);
    return kind.inNamespace(where).resource(object);
  }

  private static Finding finding(
      KubernetesClientException e, String apiVersion, String kind, String name) {
    String object = kind + "/" + name;
    if (ObjectRefusal.refusesTheObject(e)) {
      return new Finding(Outcome.REFUSED, apiVersion, kind, name, ObjectRefusal.of(object, e));
    }
    if (e.getCode() == 404) {
      // An apply creates what is absent: a 404 is the namespace, else the kind (a CRD removed
      // since discovery said it was served).
      Outcome missing = namespaceMissing(e) ? Outcome.NAMESPACE_MISSING : Outcome.NOT_SERVED;
      return new Finding(missing, apiVersion, kind, name, List.of());
    }
    if (e.getCode() == 403) {
      return new Finding(
          Outcome.FORBIDDEN,
          apiVersion,
          kind,
          name,
          List.of(new ObjectRefusal(object, "", KubeException.describe(e))));
    }
    throw KubeException.of("dry-run apply of " + object, e);
  }

  /** A 404 about the namespace itself: the API server names it in the details as a namespace. */
  private static boolean namespaceMissing(KubernetesClientException e) {
    return e.getStatus() != null
        && e.getStatus().getDetails() != null
        && "namespaces".equals(e.getStatus().getDetails().getKind());
  }

  /**
   * The kinds the API server serves, kept a minute per group version: a plan and its install a
   * moment later ask once. A kind not among them is asked about again before it is called not
   * served, so a CRD installed a moment ago is found.
   */
  private final class Discovery {
    private final Cache<String, List<APIResource>> served =
        Caffeine.newBuilder().expireAfterWrite(KEPT_FOR).maximumSize(256).build();

    Optional<APIResource> find(String apiVersion, String kind) {
      Optional<APIResource> known = among(served.get(apiVersion, this::list), kind);
      if (known.isPresent()) {
        return known;
      }
      List<APIResource> now = list(apiVersion);
      served.put(apiVersion, now);
      return among(now, kind);
    }

    private static Optional<APIResource> among(List<APIResource> resources, String kind) {
      return resources.stream()
          .filter(r -> kind.equals(r.getKind()) && !r.getName().contains("/"))
          .findFirst();
    }

    private List<APIResource> list(String apiVersion) {
      try {
        APIResourceList list = client.getApiResources(apiVersion);
        return list == null ? List.of() : list.getResources();
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) {
          return List.of();
        }
        throw KubeException.of("discover the kinds of " + apiVersion, e);
      }
    }
  }
}
