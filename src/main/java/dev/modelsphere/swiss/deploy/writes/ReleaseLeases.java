package dev.modelsphere.swiss.deploy.writes;

import static dev.modelsphere.swiss.error.ErrorKind.CONFLICT;
import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One lock per release held by the cluster, so that writers in different processes (replicas of
 * {@code swiss serve}, a CLI on someone's laptop) exclude each other: a {@code
 * coordination.k8s.io/v1} Lease {@code swiss-lock-<release>} in the release's namespace. Every
 * write of it names the resourceVersion it read, so of two writers racing for it exactly one wins.
 * The holder renews it while its write runs (on the process's {@link LeaseRenewals}) and deletes it
 * when done; a holder that dies stops renewing, and once {@code leaseDurationSeconds} have passed
 * since its last renewal the next writer may take it.
 *
 * <p>Expiry compares the lease's renewTime, written by the holder's clock, with this process's
 * clock: hosts are assumed to agree to well within the lease's duration.
 */
public final class ReleaseLeases {

  public static final String PREFIX = "swiss-lock-";

  /** What the holder is doing: install, apply, rollback or uninstall. */
  public static final String ACTION = SwissAnnotations.PREFIX + "lock-action";

  private static final Logger LOG = LoggerFactory.getLogger(ReleaseLeases.class);

  private final KubernetesClient client;
  private final Writer writer;
  private final Duration duration;
  private final Duration renewEvery;
  private final Clock clock;
  private final LeaseRenewals renewals;

  /**
   * @param times the lease's duration and how often its holder renews it
   * @param clock the writers' clock: a lease is live by the time its holder wrote into it
   * @param renewals the process's renewing thread
   */
  public ReleaseLeases(
      KubernetesClient client,
      Writer writer,
      DeploySettings.Times times,
      Clock clock,
      LeaseRenewals renewals) {
    this.client = client;
    this.writer = writer;
    this.duration = times.lease();
    this.renewEvery = times.renewEvery();
    this.clock = clock;
    this.renewals = renewals;
  }

  public static String leaseName(String release) {
    return PREFIX + release;
  }

  /**
   * Takes the release's lease for {@code action}, or refuses with {@code CONFLICT} naming the
   * writer that holds it. The namespace must exist.
   */
  public Held take(String namespace, String release, String action) {
    Resource<Lease> resource = resource(namespace, release);
    Lease seen;
    try {
      seen = resource.get();
    } catch (KubernetesClientException e) {
      throw unavailable("read", namespace, release, e);
    }
    if (seen != null) {
      Holder holder = Holder.of(seen);
      if (!holder.expiredAt(now())) {
        throw busy(namespace, release, holder);
      }
      LOG.warn(
          "taking the lapsed lock of {}/{} from {} (last renewed {})",
          namespace,
          release,
          holder.identity(),
          holder.renewed());
    }
    Lease mine = lease(namespace, release, action, seen);
    try {
      // Create when there was none, else replace the lapsed one naming the resourceVersion read:
      // either way a writer that got there first makes this call fail with 409.
      Lease taken = seen == null ? resource(mine).create() : resource(mine).update();
      Held held = new Held(namespace, release, taken);
      held.startRenewing();
      return held;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        throw busy(namespace, release, current(namespace, release).orElse(null));
      }
      throw unavailable("take", namespace, release, e);
    }
  }

  /** The lease's holder, expired or not; empty when nobody took it. */
  public Optional<Holder> current(String namespace, String release) {
    try {
      return Optional.ofNullable(resource(namespace, release).get()).map(Holder::of);
    } catch (KubernetesClientException e) {
      throw unavailable("read", namespace, release, e);
    }
  }

  /** The holder of a lease that has not lapsed: someone is writing the release right now. */
  public Optional<Holder> live(String namespace, String release) {
    return current(namespace, release).filter(h -> !h.expiredAt(now()));
  }

  private Lease lease(String namespace, String release, String action, Lease lapsed) {
    ZonedDateTime now = ZonedDateTime.ofInstant(now(), ZoneOffset.UTC);
    // Each change of holder counts, as leader election counts them; a lease that never said is at
    // 0.
    int transitions =
        lapsed == null
            ? 0
            : 1 + Optional.ofNullable(lapsed.getSpec().getLeaseTransitions()).orElse(0);
    return new LeaseBuilder()
        .withNewMetadata()
        .withName(leaseName(release))
        .withNamespace(namespace)
        .withResourceVersion(lapsed == null ? null : lapsed.getMetadata().getResourceVersion())
        .addToLabels(Kube.MANAGED_BY, Kube.SWISS)
        .addToAnnotations(ACTION, action)
        .endMetadata()
        .withNewSpec()
        .withHolderIdentity(writer.identity())
        .withLeaseDurationSeconds((int) duration.toSeconds())
        .withAcquireTime(now)
        .withRenewTime(now)
        .withLeaseTransitions(transitions)
        .endSpec()
        .build();
  }

  private DeployException busy(String namespace, String release, Holder holder) {
    String who =
        holder == null
            ? "another writer"
            : "%s since %s".formatted(holder.identity(), holder.acquired());
    return new DeployException(
        CONFLICT,
        ("release %s/%s is being %s by %s; nothing was changed: wait for it to finish and look"
                + " again (the lock is Lease %s/%s; if its holder died it lapses %ds after its last"
                + " renewal)")
            .formatted(
                namespace,
                release,
                Writer.doing(holder == null ? "" : holder.action()),
                who,
                namespace,
                leaseName(release),
                holder == null ? duration.toSeconds() : holder.durationSeconds()));
  }

  private static DeployException unavailable(
      String verb, String namespace, String release, KubernetesClientException e) {
    return new DeployException(
        UPSTREAM_FAILED,
        "cannot %s the lock of release %s/%s (Lease %s), nothing was changed: %s"
            .formatted(verb, namespace, release, leaseName(release), KubeException.describe(e)),
        e);
  }

  private Resource<Lease> resource(String namespace, String release) {
    return client.leases().inNamespace(namespace).withName(leaseName(release));
  }

  private Resource<Lease> resource(Lease lease) {
    return client.leases().inNamespace(lease.getMetadata().getNamespace()).resource(lease);
  }

  private Instant now() {
    return Instant.now(clock);
  }

  /**
   * Who holds a release's lease and until when.
   *
   * @param action the holder's action; empty when the lease does not say
   */
  public record Holder(
      String identity, String action, Instant acquired, Instant renewed, int durationSeconds) {

    static Holder of(Lease lease) {
      var spec = lease.getSpec();
      Map<String, String> annotations = lease.getMetadata().getAnnotations();
      Instant renewed = instant(spec.getRenewTime(), instant(spec.getAcquireTime(), Instant.EPOCH));
      return new Holder(
          spec.getHolderIdentity() == null ? "" : spec.getHolderIdentity(),
          annotations == null ? "" : annotations.getOrDefault(ACTION, ""),
          instant(spec.getAcquireTime(), renewed).truncatedTo(ChronoUnit.SECONDS),
          renewed,
          spec.getLeaseDurationSeconds() == null ? 0 : spec.getLeaseDurationSeconds());
    }

    /** A lease without a holder is free; one not renewed within its duration has lapsed. */
    public boolean expiredAt(Instant now) {
      return identity.isEmpty() || renewed.plusSeconds(durationSeconds).isBefore(now);
    }

    private static Instant instant(ZonedDateTime time, Instant otherwise) {
      return time == null ? otherwise : time.toInstant();
    }
  }

  /**
   * A lease this process holds. It is renewed in the background, {@link
   * DeploySettings.Times#renewEvery()} apart; closing stops the renewals and deletes it, naming the
   * resourceVersion last written so that a lease someone else took after it lapsed is left alone.
   */
  public final class Held implements AutoCloseable {
    private final String namespace;
    private final String release;
    private ScheduledFuture<?> renewal;
    private Lease lease;
    private boolean lost;

    private Held(String namespace, String release, Lease lease) {
      this.namespace = namespace;
      this.release = release;
      this.lease = lease;
    }

    /** Renews the lease from now on; gives it back when the process is stopping and cannot. */
    private synchronized void startRenewing() {
      try {
        renewal = renewals.every(renewEvery, this::renew);
      } catch (DeployException stopping) {
        close();
        throw stopping;
      }
    }

    /**
     * Refuses to go on once the lease was lost: it lapsed (this process stalled longer than its
     * duration) and another writer may have taken the release.
     */
    public synchronized void requireHeld() {
      if (lost) {
        throw new DeployException(
            CONFLICT,
            ("the lock of release %s/%s lapsed while this write was preparing (the process or the"
                    + " API server stalled for more than %ds); nothing was applied: look at the"
                    + " release again and retry")
                .formatted(namespace, release, duration.toSeconds()));
      }
    }

    private synchronized void renew() {
      if (lost) {
        return;
      }
      Lease renewed =
          new LeaseBuilder(lease)
              .editSpec()
              .withRenewTime(ZonedDateTime.ofInstant(now(), ZoneOffset.UTC))
              .endSpec()
              .build();
      try {
        lease = resource(renewed).update();
      } catch (KubernetesClientException e) {
        if (e.getCode() == 409 || e.getCode() == 404) {
          lost = true;
          LOG.warn("lost the lock of {}/{}: {}", namespace, release, KubeException.describe(e));
        } else {
          // Retried on the next tick; the lease only lapses if every renewal fails for its
          // duration.
          LOG.warn("lock of {}/{} not renewed: {}", namespace, release, KubeException.describe(e));
        }
      }
    }

    @Override
    public synchronized void close() {
      if (renewal != null) {
        renewal.cancel(false);
      }
      if (lost) {
        return;
      }
      try {
        client
            .leases()
            .inNamespace(namespace)
            .withName(leaseName(release))
            .lockResourceVersion(lease.getMetadata().getResourceVersion())
            .delete();
      } catch (KubernetesClientException e) {
        // It lapses on its own; a 409 means someone took it after it lapsed, and it is theirs.
        LOG.warn("lock of {}/{} not released: {}", namespace, release, KubeException.describe(e));
      }
    }
  }
}
