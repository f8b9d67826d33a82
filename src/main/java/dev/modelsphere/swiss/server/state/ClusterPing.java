package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.kube.KubeException;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
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
  private final Clock clock;
  private volatile Instant answeredAt;
  private volatile boolean lastCheckAnswered = true;

  public ClusterPing(KubernetesClient client, Duration timeout, Clock clock) {
    this.client = client;
    this.timeout = timeout;
    this.clock = clock;
  }

  /** Whether the latest ping was answered; true before the first. */
  public boolean lastCheckAnswered() {
    return lastCheckAnswered;
  }

  /** When the API server last answered a ping; empty before the first answer. */
  public Optional<Instant> answeredAt() {
    return Optional.ofNullable(answeredAt);
  }

  @Override
  public String name() {
    return "cluster";
  }

  @Override
  public String check() {
    String result = ping();
    lastCheckAnswered = Readiness.OK.equals(result);
    return result;
  }

  private String ping() {
    CompletableFuture<?> version = CompletableFuture.supplyAsync(client::getKubernetesVersion);
    try {
      version.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      answeredAt = clock.instant();
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
