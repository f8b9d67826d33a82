package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.config.Server;
import java.util.Optional;

/**
 * Where a server may listen. One with the login off and deploys allowed lets anyone who reaches it
 * change the cluster, so it listens on loopback only (the same port) unless the config says {@code
 * server.insecureListen: true}: a demo on a laptop stays on the laptop, and opening it up is a
 * decision someone wrote down rather than a default.
 *
 * @param address where to listen
 * @param narrowed why the address differs from the one asked for; empty when it does not
 */
public record ListenPolicy(ListenAddress address, Optional<String> narrowed) {

  public static ListenPolicy of(Server server, ListenAddress asked) {
    boolean open = server.auth().disabled() && server.allowDeploy();
    if (!open || server.insecureListen() || asked.isLoopback()) {
      return new ListenPolicy(asked, Optional.empty());
    }
    ListenAddress loopback = asked.onLoopback();
    return new ListenPolicy(
        loopback,
        Optional.of(
            "the login is off and deploys are allowed, so this server listens on %s only, not %s"
                    .formatted(loopback.text(), asked.text())
                + " -- turn the login on, or set server.insecureListen: true to listen there"));
  }
}
