package dev.modelsphere.swiss.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;

/**
 * An object's {@code resourceVersion} as a number. The API calls it opaque, but one etcd gives
 * every write of every kind the next number of one counter, so two servers watching one cluster see
 * the same change at the same number; that lets a replica order what another one published.
 */
public final class ResourceVersions {
  private ResourceVersions() {}

  /** The object's resource version, or 0 when it has none that reads as a number. */
  public static long of(HasMetadata object) {
    if (object == null || object.getMetadata() == null) {
      return 0;
    }
    String version = object.getMetadata().getResourceVersion();
    try {
      return version == null ? 0 : Math.max(0, Long.parseLong(version));
    } catch (NumberFormatException notANumber) {
      return 0;
    }
  }
}
