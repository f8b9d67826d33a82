package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.writes.Writer;
import dev.modelsphere.swiss.server.state.BackgroundLeader;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Which replica of a server does its background work, and where they agree on it. */
final class ServerLeader {
  private ServerLeader() {}

  /**
   * The election of the replica that runs {@code work} every lease; none on a server that does not
   * deploy, which has no background work. Closed with the server, handing the work to another
   * replica.
   */
  static Optional<BackgroundLeader> of(
      Config config, KubernetesClient client, ServerOptions options, Runnable work) {
    if (!config.server().allowDeploy()) {
      return Optional.empty();
    }
    Duration lease = options.deployTimes().lease();
    // Unique even where two servers share a process, and with it its name (tests).
    String identity =
        Writer.thisProcess("swiss serve").identity()
            + " #"
            + UUID.randomUUID().toString().substring(0, 8);
    return Optional.of(
        new BackgroundLeader(
            client,
            namespace(config, options),
            identity,
            BackgroundLeader.Timing.within(lease),
            work,
            lease));
  }

  /**
   * The Lease of the leader lives in the server's own namespace (the pod's); outside a cluster, in
   * the first namespace it manages, else {@code default}.
   */
  private static String namespace(Config config, ServerOptions options) {
    if (!options.namespace().isEmpty()) {
      return options.namespace();
    }
    List<String> managed = config.cluster().namespaces();
    return managed.isEmpty() ? "default" : managed.get(0);
  }
}
