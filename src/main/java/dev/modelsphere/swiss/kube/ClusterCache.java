package dev.modelsphere.swiss.kube;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodList;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.dsl.PodResource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the read routes list, kept in memory from watches started once: swiss's plan ConfigMaps,
 * helm's release Secrets (both in the configured namespaces, or cluster-wide when none are
 * configured), the nodes, and the pods that still run (cluster-wide when swiss may list them there:
 * GPU use is a fact of the node, whoever's pods hold the GPUs). A page computed from it costs the
 * API server nothing.
 */
public final class ClusterCache implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterCache.class);

  /** Index of helm's release Secrets by {@code <namespace>/<release>}. */
  public static final String BY_RELEASE = "release";

  /**
   * Index by a release's name alone, whatever its namespace: helm's Secrets by their release, plan
   * ConfigMaps by their object name. Finding where a name is taken is then a lookup, not a scan.
   */
  public static final String BY_NAME = "name";

  private static final String HELM_OWNER = "owner";
  private static final String HELM_RELEASE = "name";

  private final KindCache<ConfigMap> planConfigMaps;
  private final KindCache<Secret> helmSecrets;
  private final KindCache<Node> nodes;
  private final KindCache<Pod> runningPods;
  private final List<String> podNamespaces;

  private ClusterCache(
      KindCache<ConfigMap> planConfigMaps,
      KindCache<Secret> helmSecrets,
      KindCache<Node> nodes,
      KindCache<Pod> runningPods,
      List<String> podNamespaces) {
    this.planConfigMaps = planConfigMaps;
    this.helmSecrets = helmSecrets;
    this.nodes = nodes;
    this.runningPods = runningPods;
    this.podNamespaces = podNamespaces;
  }

  /**
   * Starts every watch and returns at once; {@link #settled()} tells when the first lists are in.
   *
   * @param namespaces where releases live; empty means the whole cluster
   */
  public static ClusterCache start(KubernetesClient client, List<String> namespaces, Clock clock) {
    List<Informable<ConfigMap>> configMaps =
        scopes(
            namespaces,
            () -> client.configMaps().inAnyNamespace().withLabel(Kube.MANAGED_BY, Kube.SWISS),
            ns -> client.configMaps().inNamespace(ns).withLabel(Kube.MANAGED_BY, Kube.SWISS));
    List<Informable<Secret>> secrets =
        scopes(
            namespaces,
            () -> client.secrets().inAnyNamespace().withLabel(HELM_OWNER, "helm"),
            ns -> client.secrets().inNamespace(ns).withLabel(HELM_OWNER, "helm"));
    List<String> podNamespaces = mayListPodsEverywhere(client) ? List.of() : namespaces;
    if (!podNamespaces.isEmpty()) {
      LOG.info(
          "pods are read in {} only: GPUs that other namespaces' pods hold look free (the swiss"
              + " chart's rbac.nodeGPUUsage grants reading pods everywhere)",
          String.join(", ", podNamespaces));
    }
    return new ClusterCache(
        KindCache.start(
            "plan configmaps", configMaps, Map.of(BY_NAME, ClusterCache::nameKey), clock),
        KindCache.start(
            "helm release secrets",
            secrets,
            Map.of(
                BY_RELEASE,
                ClusterCache::releaseKey,
                BY_NAME,
                secret -> releaseOf(secret).stream().toList()),
            clock),
        KindCache.start("nodes", List.of(client.nodes()), Map.of(), clock),
        KindCache.start(
            "running pods",
            // Finished pods hold no GPU; leaving them out keeps completed Jobs out of memory.
            scopes(
                podNamespaces,
                () -> running(client.pods().inAnyNamespace()),
                ns -> running(client.pods().inNamespace(ns))),
            Map.of(),
            clock),
        podNamespaces);
  }

  private static FilterWatchListDeletable<Pod, PodList, PodResource> running(
      FilterWatchListDeletable<Pod, PodList, PodResource> pods) {
    return pods.withoutField("status.phase", "Succeeded").withoutField("status.phase", "Failed");
  }

  /**
   * Whether swiss may list pods in every namespace. The chart grants that only when asked
   * (rbac.nodeGPUUsage): otherwise pods are watched in the served namespaces, where the releases'
   * own pods are, rather than not at all; GPU use then counts theirs only, so a GPU another
   * tenant's pod holds looks free. When the API server cannot say, the cluster-wide watch is tried,
   * and its refusal (if any) says why.
   */
  private static boolean mayListPodsEverywhere(KubernetesClient client) {
    SelfSubjectAccessReview review =
        new SelfSubjectAccessReviewBuilder()
            .withNewSpec()
            .withNewResourceAttributes()
            .withVerb("list")
            .withResource("pods")
            .endResourceAttributes()
            .endSpec()
            .build();
    try {
      return client
          .authorization()
          .v1()
          .selfSubjectAccessReview()
          .create(review)
          .getStatus()
          .getAllowed();
    } catch (KubernetesClientException e) {
      return true;
    }
  }

  private static <T> List<Informable<T>> scopes(
      List<String> namespaces,
      Supplier<Informable<T>> cluster,
      Function<String, Informable<T>> namespaced) {
    if (namespaces.isEmpty()) {
      return List.of(cluster.get());
    }
    return namespaces.stream().map(namespaced).toList();
  }

  private static List<String> releaseKey(Secret secret) {
    return releaseOf(secret).map(r -> secret.getMetadata().getNamespace() + "/" + r).stream()
        .toList();
  }

  /** An object's name, for a {@link #BY_NAME} index of objects named after their release. */
  public static List<String> nameKey(HasMetadata object) {
    return List.of(object.getMetadata().getName());
  }

  /** The release a helm release Secret stores a revision of, by helm's own label. */
  public static Optional<String> releaseOf(Secret secret) {
    Map<String, String> labels = secret.getMetadata().getLabels();
    String release = labels == null ? null : labels.get(HELM_RELEASE);
    return release == null || release.isEmpty() ? Optional.empty() : Optional.of(release);
  }

  /** The ConfigMaps labelled as swiss's; plan ConfigMaps are those named {@code swiss-plan-*}. */
  public KindCache<ConfigMap> planConfigMaps() {
    return planConfigMaps;
  }

  /** helm's release Secrets, one per stored revision, indexed {@link #BY_RELEASE}. */
  public KindCache<Secret> helmSecrets() {
    return helmSecrets;
  }

  /** Every stored revision of a release of this name, in any namespace watched. */
  public List<Secret> helmSecretsNamed(String release) {
    return helmSecrets.byIndex(BY_NAME, release);
  }

  /** Every stored revision of {@code namespace/release}. */
  public List<Secret> helmSecrets(String namespace, String release) {
    return helmSecrets.byIndex(BY_RELEASE, namespace + "/" + release);
  }

  public KindCache<Node> nodes() {
    return nodes;
  }

  /**
   * Pods that have not finished (neither Succeeded nor Failed), in every namespace, or in {@link
   * #podNamespaces()} when swiss may not list them everywhere.
   */
  public KindCache<Pod> runningPods() {
    return runningPods;
  }

  /** The namespaces whose pods {@link #runningPods()} holds; empty means every namespace. */
  public List<String> podNamespaces() {
    return podNamespaces;
  }

  /** Every watch has its first list, or was refused. */
  public boolean settled() {
    return all().allMatch(KindCache::settled);
  }

  /**
   * Waits until {@link #settled()}, at most {@code timeout}.
   *
   * @return whether it settled in time
   */
  public boolean awaitSettled(Duration timeout) {
    long end = System.nanoTime() + timeout.toNanos();
    for (KindCache<?> cache : all().toList()) {
      Duration left = Duration.ofNanos(Math.max(0, end - System.nanoTime()));
      if (!cache.awaitSettled(left)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The time the whole copy is known to match the API server: the oldest of the watches' (refused
   * ones aside); empty before the first lists.
   */
  public Optional<Instant> asOf() {
    Instant oldest = null;
    for (KindCache<?> cache : all().filter(c -> c.refusal().isEmpty()).toList()) {
      Optional<Instant> asOf = cache.asOf();
      if (asOf.isEmpty()) {
        return Optional.empty();
      }
      if (oldest == null || asOf.get().isBefore(oldest)) {
        oldest = asOf.get();
      }
    }
    return Optional.ofNullable(oldest);
  }

  /** How many objects each watch holds, by kind: for the metrics gauges. */
  public Map<String, Integer> sizes() {
    Map<String, Integer> sizes = new LinkedHashMap<>();
    all().forEach(cache -> sizes.put(cache.kind(), cache.size()));
    return sizes;
  }

  @Override
  public void close() {
    all().forEach(KindCache::close);
  }

  private Stream<KindCache<?>> all() {
    return Stream.of(planConfigMaps, helmSecrets, nodes, runningPods);
  }
}
