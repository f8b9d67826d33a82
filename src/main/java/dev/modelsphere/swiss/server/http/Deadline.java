package dev.modelsphere.swiss.server.http;

import io.javalin.router.EndpointMetadata;
import java.time.Duration;

/**
 * How long a route may take before the client is told it ran out of time (503). The tiers are the
 * reference's per-handler budgets; a route picks the one that matches the work it does.
 */
public record Deadline(Duration budget) implements EndpointMetadata {
  /** {@code /readyz}: a probe must answer quickly to be useful. */
  public static final Deadline READINESS = new Deadline(Duration.ofSeconds(5));

  /** Login, session, single small reads (a run, the profile, a release's plan). */
  public static final Deadline QUICK_READ = new Deadline(Duration.ofSeconds(15));

  /** Reads that may fetch a catalog index. */
  public static final Deadline CATALOG_READ = new Deadline(Duration.ofSeconds(20));

  /** Reads across releases, nodes or a chart registry, and small writes. */
  public static final Deadline CLUSTER_READ = new Deadline(Duration.ofSeconds(30));

  /** Helm's computed values of a revision. */
  public static final Deadline HELM_VALUES = new Deadline(Duration.ofMinutes(1));

  /** One inference request through the entrypoint. */
  public static final Deadline INFERENCE = new Deadline(Duration.ofMinutes(2));

  /** Rendering and comparing a release. */
  public static final Deadline DIFF = new Deadline(Duration.ofMinutes(5));

  /** Applying, installing, rolling back or uninstalling a release. */
  public static final Deadline DEPLOY = new Deadline(Duration.ofMinutes(15));

  public Deadline {
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("a deadline must be positive, not %s".formatted(budget));
    }
  }

  /** The budget as people write it: {@code 15s}, {@code 2m}, {@code 250ms}. */
  @Override
  public String toString() {
    long millis = budget.toMillis();
    if (millis % 60_000 == 0) {
      return millis / 60_000 + "m";
    }
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }
}
