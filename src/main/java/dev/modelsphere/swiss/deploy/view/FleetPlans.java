package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.deploy.preflight.ManagedPlans;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.plan.ReleaseRef;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The current plans of the managed releases as the server's watches hold them: the plan ConfigMaps
 * and the LLMServices, the same two sources {@code LiveManagedPlans} lists, with the same rules (an
 * LLMService's plan stands over its ConfigMap's; an unreadable plan claims nothing). Reading costs
 * the API server nothing.
 *
 * <p>Each object is parsed once per resourceVersion and the same {@link Plan} is handed out until
 * it changes, so a check against a thousand releases reads a thousand memos, not a thousand YAML
 * documents.
 */
public final class FleetPlans implements ManagedPlans {
  private final Fleet fleet;

  /** The plan each object held at its resourceVersion, by kind, namespace and name. */
  private final Map<String, Parsed> parsed = new ConcurrentHashMap<>();

  private record Parsed(String resourceVersion, Optional<Plan> plan) {}

  /** The last answer and the watched objects it was read from. */
  private record Answer(List<HasMetadata> objects, List<Plan> plans) {}

  private volatile Answer last;

  FleetPlans(Fleet fleet) {
    this.fleet = fleet;
  }

  /**
   * The plans, each read again as its change arrives, on the watch's thread. Read when asked
   * instead, the plan an apply just wrote was parsed by the next request's preflight: 0.5 to 2 ms
   * of a plan request that otherwise takes 2.
   */
  public static FleetPlans following(Fleet fleet) {
    FleetPlans plans = new FleetPlans(fleet);
    fleet.listen(
        change -> {
          // A pod's change is no record's; until the copies are complete a request would refuse.
          if (change.listed() && fleet.complete()) {
            try {
              plans.current();
            } catch (IllegalStateException incompleteMeanwhile) {
              // A watch refused since complete() said yes: the next request reads, and says so.
            }
          }
        });
    return plans;
  }

  /**
   * The plans; the same list object as the last call's while the watches hold the same objects (a
   * watch replaces an object it hears changed), so a caller may keep what it derived from it.
   */
  @Override
  public List<Plan> current() {
    fleet.requireComplete("read the managed releases' plans");
    List<ConfigMap> configMaps = fleet.cache().planConfigMaps().items();
    List<LlmService> services = fleet.llmServices();
    List<HasMetadata> objects = new ArrayList<>(configMaps.size() + services.size());
    objects.addAll(configMaps);
    objects.addAll(services);
    Answer known = last;
    if (known != null && sameObjects(known.objects(), objects)) {
      return known.plans();
    }
    List<Plan> plans = List.copyOf(read(configMaps, services));
    last = new Answer(objects, plans);
    return plans;
  }

  /** The plans of the last read, without reading; empty before the first. */
  Optional<List<Plan>> lastRead() {
    Answer known = last;
    return known == null ? Optional.empty() : Optional.of(known.plans());
  }

  /** The same objects, by identity, in the same order: nothing was added, changed or removed. */
  private static boolean sameObjects(List<HasMetadata> before, List<HasMetadata> now) {
    if (before.size() != now.size()) {
      return false;
    }
    for (int i = 0; i < now.size(); i++) {
      if (before.get(i) != now.get(i)) {
        return false;
      }
    }
    return true;
  }

  private List<Plan> read(List<ConfigMap> configMaps, List<LlmService> services) {
    Map<ReleaseRef, Plan> byRelease = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    for (ConfigMap configMap : configMaps) {
      Fleet.planned(configMap)
          .ifPresent(
              release ->
                  plan("configmap", configMap, seen, () -> PlanFiles.readable(configMap.getData()))
                      .ifPresent(
                          plan ->
                              byRelease.put(
                                  new ReleaseRef(release, configMap.getMetadata().getNamespace()),
                                  plan)));
    }
    for (LlmService service : services) {
      plan("llmservice", service, seen, () -> mapped(service))
          .ifPresent(
              plan ->
                  byRelease.put(
                      new ReleaseRef(
                          service.getMetadata().getName(), service.getMetadata().getNamespace()),
                      plan));
    }
    // Objects gone from the watches are forgotten, so the memo never outgrows the fleet.
    parsed.keySet().retainAll(seen);
    return new ArrayList<>(byRelease.values());
  }

  private Optional<Plan> plan(
      String kind, HasMetadata object, Set<String> seen, Supplier<Optional<Plan>> parse) {
    String key =
        kind + "/" + object.getMetadata().getNamespace() + "/" + object.getMetadata().getName();
    seen.add(key);
    String version = object.getMetadata().getResourceVersion();
    Parsed known = parsed.get(key);
    if (known != null && known.resourceVersion().equals(version)) {
      return known.plan();
    }
    Parsed now = new Parsed(version == null ? "" : version, parse.get());
    parsed.put(key, now);
    return now.plan();
  }

  private static Optional<Plan> mapped(LlmService service) {
    try {
      return Optional.of(PlanMapping.toPlan(service));
    } catch (MappingException unreadable) {
      return Optional.empty();
    }
  }
}
