package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.deploy.view.Fleet;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The lists are served from watches, so until every first list is in a page would show less than
 * the cluster holds: the server is not ready before that.
 */
public final class WatchesSynced implements Readiness.Gate {
  public static final String CACHE_SIZE = "swiss.informer.objects";

  private final Fleet fleet;

  public WatchesSynced(Fleet fleet) {
    this.fleet = fleet;
  }

  @Override
  public String name() {
    return "watches";
  }

  @Override
  public String check() {
    return fleet.settled() ? Readiness.OK : "the watches have not finished their first lists yet";
  }

  /** One gauge per watched kind: how many objects its cache holds now. */
  public void registerSizes(MeterRegistry registry) {
    for (String kind : fleet.sizes().keySet()) {
      Gauge.builder(CACHE_SIZE, fleet, f -> f.sizes().getOrDefault(kind, 0))
          .description("objects held by the server's watch caches, by kind")
          .tag("kind", kind)
          .register(registry);
    }
  }
}
