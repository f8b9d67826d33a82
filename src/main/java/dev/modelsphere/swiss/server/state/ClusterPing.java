package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.kube.KubeException;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The API server answers: one cheap live call ({@code /version}), bounded so a probe answers in
 * time even when the API server hangs instead of refusing.
 *
 * <p>An answer is reused for {@link #FRESH_FOR}, and callers that come while a call is out wait for
 * that one: {@code /readyz} is open to anyone, and each of its requests must not become a request
 * to the API server. A probe every few seconds still sees an outage within seconds.
 */
public final class ClusterPing implements Readiness.Gate {
  public static final Duration FRESH_FOR = Duration.ofSeconds(3);

  private final KubernetesClient client;
  private final Duration timeout;
  private final Duration freshFor;
  private final Clock clock;
  private volatile Instant answeredAt;
  private volatile boolean lastCheckAnswered = true;

  /** The latest call, in flight or done; null before the first. */
  private CompletableFuture<String> latest;

  /** When {@link #latest} finished, by {@link System#nanoTime}: the test clock may stand still. */
  private long finishedNanos;

  public ClusterPing(KubernetesClient client, Duration timeout, Clock clock) {
    this(client, timeout, FRESH_FOR, clock);
  }

  /**
   * @param freshFor how long an answer is reused
   */
  public ClusterPing(KubernetesClient client, Duration timeout, Duration freshFor, Clock clock) {
    this.client = client;
    this.timeout = timeout;
    this.freshFor = freshFor;
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
    String result = current().join();
    lastCheckAnswered = Readiness.OK.equals(result);
    return result;
  }

  private synchronized CompletableFuture<String> current() {
    boolean stale =
        latest == null
            || (latest.isDone() && System.nanoTime() - finishedNanos >= freshFor.toNanos());
    if (stale) {
      latest =
          CompletableFuture.supplyAsync(this::ping)
              .completeOnTimeout(late(), timeout.toMillis(), TimeUnit.MILLISECONDS);
      latest.thenRun(this::finished);
    }
    return latest;
  }

  private synchronized void finished() {
    finishedNanos = System.nanoTime();
  }

  private String late() {
    return "the API server at %s did not answer within %ss"
        .formatted(client.getMasterUrl(), timeout.toSeconds());
  }

  private String ping() {
    try {
      client.getKubernetesVersion();
      answeredAt = clock.instant();
      return Readiness.OK;
    } catch (RuntimeException e) {
      return KubeException.of("ask the API server at %s".formatted(client.getMasterUrl()), e)
          .getMessage();
    }
  }
}
