package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.kube.ClusterCache;
import dev.modelsphere.swiss.kube.KindCache;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Every release in scope as the watches show it: swiss's plan ConfigMaps, the LLMServices (while
 * visible) and helm's release storage, joined by namespace and name. Started once with the server;
 * reading it costs the API server nothing.
 */
public final class Fleet implements AutoCloseable {
  private final ClusterCache cache;
  private final LlmServiceWatch services;

  /** Where the watches look; empty means the whole cluster. */
  private final List<String> namespaces;

  private Fleet(ClusterCache cache, LlmServiceWatch services, List<String> namespaces) {
    this.cache = cache;
    this.services = services;
    this.namespaces = List.copyOf(namespaces);
  }

  /**
   * Starts every watch and returns at once.
   *
   * @param namespaces where releases live; empty means the whole cluster
   */
  public static Fleet start(
      KubernetesClient client, List<String> namespaces, LlmServiceAccess access, Clock clock) {
    ClusterCache cache = ClusterCache.start(client, namespaces, clock);
    LlmServiceWatch services = new LlmServiceWatch(client, namespaces, access, clock);
    // Starts the LLMService watch now when the API serves it, not on the first page.
    services.watching();
    return new Fleet(cache, services, namespaces);
  }

  public ClusterCache cache() {
    return cache;
  }

  /** Every first list is in (or was refused): the views are complete. */
  public boolean settled() {
    return cache.settled() && services.settled();
  }

  /**
   * Waits until {@link #settled()}, at most {@code timeout}.
   *
   * @return whether it settled in time
   */
  public boolean awaitSettled(Duration timeout) {
    long end = System.nanoTime() + timeout.toNanos();
    return cache.awaitSettled(timeout)
        && services.awaitSettled(Duration.ofNanos(Math.max(0, end - System.nanoTime())));
  }

  /** When the copy was last known to match the API server; empty before the first lists. */
  public Optional<Instant> asOf() {
    return cache.asOf();
  }

  /** Objects held per watch, by kind, for the metrics gauges. */
  public Map<String, Integer> sizes() {
    Map<String, Integer> sizes = new LinkedHashMap<>(cache.sizes());
    sizes.put("llmservices", services.size());
    return sizes;
  }

  @Override
  public void close() {
    services.close();
    cache.close();
  }

  /** The watched LLMServices, in no order; none while they are not visible. */
  List<LlmService> llmServices() {
    return services.services();
  }

  /** The watched LLMServices of this name, in any namespace. */
  List<LlmService> llmServicesNamed(String name) {
    return services.servicesNamed(name);
  }

  /**
   * Fails, saying why, when a watch that decides whether a name is free is not yet a full copy (its
   * first list is not in) or was refused: preflight then reports that it could not check, as it
   * does when a live list fails, instead of passing on what a partial copy lacks.
   */
  void requireComplete(String purpose) {
    Optional<String> missing = incompleteness();
    if (missing.isPresent()) {
      throw new IllegalStateException("cannot %s%s".formatted(purpose, missing.get()));
    }
  }

  /** Whether the watches that decide whether a name is free hold full copies now. */
  boolean complete() {
    return incompleteness().isEmpty();
  }

  /** Why {@link #requireComplete} would fail, as the end of its sentence; empty when it passes. */
  private Optional<String> incompleteness() {
    for (KindCache<?> kind : List.of(cache.planConfigMaps(), cache.helmSecrets())) {
      if (!kind.refusal().isEmpty()) {
        return Optional.of(
            ": the API server refused the watch of %s (%s)".formatted(kind.kind(), kind.refusal()));
      }
      if (!kind.settled()) {
        return Optional.of(
            " yet: the server is still loading its copy of the %s".formatted(kind.kind()));
      }
    }
    if (services.loading()) {
      return Optional.of(" yet: the server is still loading its copy of the llmservices");
    }
    return Optional.empty();
  }

  /** Whether LLMServices are being watched (the API serves them and swiss may read them). */
  boolean seesLlmServices() {
    return services.watching();
  }

  /**
   * Tells {@code listener} of every change to a release's records (its plan ConfigMap, its
   * LLMService, a revision helm stores) and to the pods of a release it holds.
   */
  public void listen(Consumer<ReleaseChange> listener) {
    new ReleaseChanges(this, listener).listen(cache, services);
  }

  /** Some record of {@code namespace/release} is watched: it is one of {@link #members()}. */
  boolean holds(String namespace, String release) {
    return cache
            .planConfigMaps()
            .get(namespace, PlanConfigMapName.of(release).toString())
            .isPresent()
        || !cache.helmSecrets(namespace, release).isEmpty()
        || services.holds(namespace, release);
  }

  /** Every release in scope, sorted by namespace then name. */
  List<Member> members() {
    Map<String, Member> byRef = new HashMap<>();
    for (ConfigMap configMap : cache.planConfigMaps().items()) {
      planned(configMap)
          .ifPresent(release -> join(byRef, configMap, release, m -> m.withPlan(configMap)));
    }
    for (LlmService service : services.services()) {
      join(byRef, service, service.getMetadata().getName(), m -> m.withService(service));
    }
    for (Secret secret : cache.helmSecrets().items()) {
      ClusterCache.releaseOf(secret)
          .ifPresent(release -> join(byRef, secret, release, Member::withHelmStorage));
    }
    List<Member> members = new ArrayList<>(byRef.values());
    members.sort(Comparator.comparing(Member::namespace).thenComparing(Member::release));
    return members;
  }

  /** The release a ConfigMap is the plan of: those named {@code swiss-plan-<release>}. */
  static Optional<String> planned(ConfigMap configMap) {
    return PlanConfigMapName.parse(configMap.getMetadata().getName())
        .map(PlanConfigMapName::release);
  }

  /**
   * Whether {@link #newestRevision} answers for the namespace as it is now: held, and its watch
   * connected, so the copy trails the API server by milliseconds rather than by an outage.
   */
  boolean watchesHelmStorageOf(String namespace) {
    KindCache<Secret> secrets = cache.helmSecrets();
    return (namespaces.isEmpty() || namespaces.contains(namespace))
        && secrets.refusal().isEmpty()
        && secrets.settled()
        && secrets.watching();
  }

  /** The newest revision helm stores for the release, if any. */
  Optional<Secret> newestRevision(String namespace, String release) {
    return cache.helmSecrets(namespace, release).stream()
        .max(Comparator.comparingInt(ReleaseStorage::revisionOf));
  }

  private static void join(
      Map<String, Member> byRef, HasMetadata object, String release, UnaryOperator<Member> add) {
    String namespace = object.getMetadata().getNamespace();
    Member member =
        byRef.getOrDefault(
            namespace + "/" + release, new Member(namespace, release, null, null, false));
    byRef.put(namespace + "/" + release, add.apply(member));
  }
}
