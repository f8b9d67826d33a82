package dev.modelsphere.swiss.testing;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A client of the test cluster, the admin's unless another kubeconfig is given, that records every
 * request it sends (watches included), so a test can show that a read made none. Counting in the
 * client, not in the API server's metrics, keeps other tests' traffic on the shared cluster out of
 * the count.
 */
public final class CountingClient implements AutoCloseable {
  private final List<String> requests = new ArrayList<>();
  private final KubernetesClient client;

  public CountingClient(TestCluster cluster) {
    this(cluster.kubeconfig("admin"));
  }

  /** A counting client as the user of {@code kubeconfig}. */
  public CountingClient(Path kubeconfig) {
    Config config;
    try {
      config = Config.fromKubeconfig(Files.readString(kubeconfig));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Interceptor counter =
        new Interceptor() {
          @Override
          public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
            record(request.method() + " " + request.uri());
          }
        };
    this.client =
        new KubernetesClientBuilder()
            .withConfig(config)
            .withHttpClientBuilderConsumer(b -> b.addOrReplaceInterceptor("counting", counter))
            .build();
  }

  public KubernetesClient client() {
    return client;
  }

  /** The requests sent since the last {@link #reset()}, as {@code METHOD uri}. */
  public synchronized List<String> requests() {
    return List.copyOf(requests);
  }

  /**
   * The requests sent since the last {@link #reset()} other than the watches' own re-lists and
   * re-watches, which the informers make on their own schedule (the API server ends a watch when a
   * CRD changes, or after its timeout), never because something read the cache.
   */
  public synchronized List<String> readsBesidesTheWatches() {
    return requests.stream()
        .filter(r -> !r.contains("watch=true") && !r.contains("resourceVersion="))
        .toList();
  }

  public synchronized void reset() {
    requests.clear();
  }

  private synchronized void record(String request) {
    requests.add(request);
  }

  @Override
  public void close() {
    client.close();
  }
}
