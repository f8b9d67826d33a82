package dev.modelsphere.swiss.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A client for an API server that is not there: a local port nothing listens on, no retries. */
public final class UnreachableApiServer {
  private UnreachableApiServer() {}

  public static KubernetesClient client() {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return FakeApiServer.clientAt("http://127.0.0.1:" + closedPort);
  }
}
