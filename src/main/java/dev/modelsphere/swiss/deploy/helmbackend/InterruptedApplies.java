package dev.modelsphere.swiss.deploy.helmbackend;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.writes.ReleaseLeases;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.ReleaseRecord;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.kube.ConfigMapVersion;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Settles an apply that was started and never finished: its writer was killed, lost the API server
 * or stalled past its lease, and status.yaml still reads {@code applying}. An apply is abandoned
 * when nobody holds the release's lease. Helm's revision then tells what happened: one that never
 * moved means the apply never landed, and the record goes back to the plan of the revision that
 * runs (its archive) with the attempt marked {@code failed}; one that moved keeps the plan that
 * produced it, {@code applied} or {@code failed} as helm reports that revision.
 */
public final class InterruptedApplies {

  private static final Logger LOG = LoggerFactory.getLogger(InterruptedApplies.class);

  private final PlanRecord records;
  private final ReleaseLeases leases;
  private final ReleaseStorage storage;
  private final PlanArchive archive;
  private final Clock clock;

  /**
   * @param archive only read here: how many archives are kept is the deployer's business
   * @param leases only read here, to tell an abandoned apply from one that runs
   * @param clock the writers' clock: a lease is live by the time its holder wrote into it
   */
  public InterruptedApplies(
      PlanRecord records,
      ReleaseStorage storage,
      PlanArchive archive,
      ReleaseLeases leases,
      Clock clock) {
    this.records = records;
    this.storage = storage;
    this.archive = archive;
    this.leases = leases;
    this.clock = clock;
  }

  /**
   * Settles the record of each release whose plan ConfigMap, as {@code planConfigMaps} holds it,
   * claims an apply whose writer is gone; returns how many were settled. The server passes its
   * watch's copy, which the leader sweeps every lease: reading every record live instead was a LIST
   * per namespace and a GET per release each time, a thousand requests every 15 s for a thousand
   * releases. Only a record the copy shows applying is read again, for the version a settlement
   * must name; one the copy has not yet seen start is swept on a later round.
   */
  public int sweep(Collection<ConfigMap> planConfigMaps) {
    int settled = 0;
    for (ConfigMap configMap : planConfigMaps) {
      Optional<PlanConfigMapName> name = PlanConfigMapName.parse(configMap.getMetadata().getName());
      if (name.isEmpty() || !PlanRecord.claimsApplying(configMap.getData())) {
        continue;
      }
      String namespace = configMap.getMetadata().getNamespace();
      String release = name.get().release();
      PlanRecord.Seen seen = records.read(namespace, release);
      if (seen.applying() && !settle(namespace, release, seen).applying()) {
        settled++;
      }
    }
    return settled;
  }

  /**
   * The record beside the release as it should read: settled first when it claims an apply whose
   * writer is gone. A settlement this process may not write (a read-only server) is still what it
   * answers; whoever writes the release next writes it.
   */
  PlanRecord.Seen read(String namespace, String release) {
    return settle(namespace, release, records.read(namespace, release));
  }

  /** {@code seen} as it should read: settled first when its writer is gone. */
  private PlanRecord.Seen settle(String namespace, String release, PlanRecord.Seen seen) {
    if (!seen.applying() || someoneWriting(namespace, release)) {
      return seen;
    }
    Map<String, String> files = settled(namespace, release, seen);
    try {
      return records.write(namespace, release, seen, files, OptionalInt.empty());
    } catch (DeployException e) {
      LOG.warn("interrupted apply of {}/{} not settled: {}", namespace, release, e.getMessage());
      return new PlanRecord.Seen(
          new ConfigMapVersion(
              files, seen.version().annotations(), seen.version().resourceVersion()));
    }
  }

  /**
   * Settles {@code seen} for a writer that holds the release's lease: an {@code applying} record
   * can then only be an abandoned one.
   */
  PlanRecord.Seen settleHolding(String namespace, String release, PlanRecord.Seen seen) {
    if (!seen.applying()) {
      return seen;
    }
    return records.write(
        namespace, release, seen, settled(namespace, release, seen), OptionalInt.empty());
  }

  private boolean someoneWriting(String namespace, String release) {
    try {
      return leases.live(namespace, release).isPresent();
    } catch (DeployException e) {
      // Without the lease nobody can tell the apply is abandoned; it is reported as it reads.
      return true;
    }
  }

  private Map<String, String> settled(String namespace, String release, PlanRecord.Seen seen) {
    PlanStatus was = seen.status();
    Optional<ReleaseRecord> newest = storage.newest(namespace, release);
    int live = newest.map(ReleaseRecord::revision).orElse(0);
    String attempt =
        "the %s started at %s"
            .formatted(was.action().isEmpty() ? "apply" : was.action(), was.startedAt());
    OptionalInt over = seen.applyingOver();
    if (over.isEmpty()) {
      return seen.withStatus(
          was.finished(
              live,
              now(),
              ("interrupted: %s never finished, and the record does not say which revision it"
                      + " started from: look at the release's helm history")
                  .formatted(attempt)));
    }
    int from = over.getAsInt();
    if (live > from) {
      String helmStatus = newest.get().status();
      return seen.withStatus(
          was.finished(
              live,
              now(),
              "deployed".equals(helmStatus)
                  ? ""
                  : ("interrupted: %s stopped while helm wrote revision %d, which helm reports"
                          + " as %s")
                      .formatted(attempt, live, helmStatus)));
    }
    if (from == 0) {
      return seen.withStatus(
          was.finished(
              live,
              now(),
              "interrupted: %s stopped before helm created the release".formatted(attempt)));
    }
    Map<String, String> last = archived(namespace, release, from);
    if (last.isEmpty()) {
      return seen.withStatus(
          was.finished(
              live,
              now(),
              ("interrupted: %s stopped before helm recorded a revision; the release still runs"
                      + " revision %d, whose plan is not archived: the plan shown is the"
                      + " interrupted one, which never ran")
                  .formatted(attempt, from)));
    }
    return PlanRecord.withStatus(
        last,
        was.finished(
            live,
            now(),
            ("interrupted: %s stopped before helm recorded a revision; the release still runs"
                    + " revision %d, whose plan this is")
                .formatted(attempt, from)));
  }

  private Map<String, String> archived(String namespace, String release, int revision) {
    try {
      return archive.files(namespace, release, revision);
    } catch (KubeException e) {
      throw new DeployException(ErrorKind.UPSTREAM_FAILED, e.getMessage(), e);
    }
  }

  private String now() {
    return Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
