package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.kube.KubeException;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The API server answers: one cheap live call ({@code /version}), bounded so a probe answers in
 * time even when the API server hangs instead of refusing.
 */
public final class ClusterPing implements Readiness.Gate {
  private final KubernetesClient client;
  private final Duration timeout;

  public ClusterPing(KubernetesClient client, Duration timeout) {
    this.client = client;
    this.timeout = timeout;
  }

  @Override
  public String name() {
    return "cluster";
  }

  @Override
  public String check() {
    CompletableFuture<?> version = CompletableFuture.supplyAsync(client::getKubernetesVersion);
    try {
      version.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return Readiness.OK;
    } catch (TimeoutException e) {
      version.cancel(true);
      return "the API server at %s did not answer within %ss"
          .formatted(client.getMasterUrl(), timeout.toSeconds());
    } catch (ExecutionException e) {
      Exception cause = e.getCause() instanceof Exception failure ? failure : e;
      return KubeException.of("ask the API server at %s".formatted(client.getMasterUrl()), cause)
          .getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while asking the API server";
    }
  }
}
