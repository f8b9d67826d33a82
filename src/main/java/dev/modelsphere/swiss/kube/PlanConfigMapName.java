package dev.modelsphere.swiss.kube;

import java.util.Optional;

/**
 * The name of the ConfigMap that keeps a release's plan beside it: {@code swiss-plan-<release>}
 * (contract: the reference's tools read and write the same name). Built and read only here, so
 * every reader agrees on which ConfigMaps are plans and whose.
 *
 * @param release the release the ConfigMap is the plan of; never empty
 */
public record PlanConfigMapName(String release) {
  /** What every plan ConfigMap's name starts with, for a listing to select them by. */
  public static final String PREFIX = "swiss-plan-";

  public PlanConfigMapName {
    if (release == null || release.isEmpty()) {
      throw new IllegalArgumentException("a plan ConfigMap names its release; the name is empty");
    }
  }

  /** The plan ConfigMap of {@code release}. */
  public static PlanConfigMapName of(String release) {
    return new PlanConfigMapName(release);
  }

  /**
   * The plan ConfigMap {@code name} is, if it is one: it starts with {@link #PREFIX} and names a
   * release after it.
   */
  public static Optional<PlanConfigMapName> parse(String name) {
    if (name == null || !name.startsWith(PREFIX) || name.length() == PREFIX.length()) {
      return Optional.empty();
    }
    return Optional.of(new PlanConfigMapName(name.substring(PREFIX.length())));
  }

  /** The ConfigMap's name as the cluster knows it. */
  @Override
  public String toString() {
    return PREFIX + release;
  }
}
