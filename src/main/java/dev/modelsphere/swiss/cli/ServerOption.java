package dev.modelsphere.swiss.cli;

import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Whether a command goes through a swiss server's API instead of the cluster: {@code --server},
 * else {@code $SWISS_SERVER}, else the server {@code swiss login} saved. Through a server the run
 * is the server's: its credentials, its lock and its audit log, under the signed-in user.
 */
final class ServerOption {
  @Option(
      names = "--server",
      paramLabel = "URL",
      defaultValue = "${env:SWISS_SERVER}",
      description =
          "Go through this swiss server's API instead of the cluster (default: $SWISS_SERVER,"
              + " else the server swiss login saved).")
  String server;

  /** The API to call, with the saved token when it was saved for that server; empty: local. */
  Optional<SwissApi> api() {
    Optional<SavedSession> saved = SavedSession.load();
    if (GlobalOptions.empty(server)) {
      return saved.map(s -> new SwissApi(s.server(), s.token()));
    }
    String url = server.replaceAll("/+$", "");
    String token = saved.filter(s -> s.server().equals(url)).map(SavedSession::token).orElse("");
    return Optional.of(new SwissApi(url, token));
  }
}
