package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.helm.ReleaseRecord;
import java.util.Optional;

/** What helm's storage says about a release right now. */
public record ReleaseState(
    String namespace, String release, boolean exists, String status, int revision) {

  public static ReleaseState of(String namespace, String release, Optional<ReleaseRecord> newest) {
    return newest
        .map(r -> new ReleaseState(namespace, release, true, r.status(), r.revision()))
        .orElseGet(() -> new ReleaseState(namespace, release, false, "", 0));
  }

  public String ref() {
    return namespace + "/" + release;
  }
}
