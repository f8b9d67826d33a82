package dev.modelsphere.swiss.server.upstream;

/** Where a port of a Kubernetes Service is reached from this process. */
@FunctionalInterface
public interface ServiceAddresses {
  /** How a pod reaches a Service: its cluster DNS name. */
  ServiceAddresses CLUSTER_DNS =
      (namespace, name, port) -> "http://%s.%s.svc:%d".formatted(name, namespace, port);

  /** The base URL of {@code port} on Service {@code namespace/name}, without a trailing slash. */
  String baseUrl(String namespace, String name, int port);
}
