package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.helm.ReleaseRecord;
import java.util.Optional;

/**
 * Where a diff reads the revision helm last stored for a release: listed live from helm's storage
 * (the CLI, which keeps no watches), or taken from the server's watch of it ({@code
 * deploy.view.FleetReleaseRecords}).
 */
@FunctionalInterface
public interface ReleaseRecords {

  /**
   * The newest revision helm stores for the release, empty when it stores none.
   *
   * @throws dev.modelsphere.swiss.helm.HelmException when helm's storage cannot be read
   */
  Optional<ReleaseRecord> newest(String namespace, String release);
}
