package dev.modelsphere.swiss.deploy.helmbackend;

import static dev.modelsphere.swiss.error.ErrorKind.FAILED;
import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.LiveRelease;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.backend.ReleaseBackend;
import dev.modelsphere.swiss.deploy.backend.ReleaseReads;
import dev.modelsphere.swiss.deploy.backend.RevisionList;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.helm.ReleaseRecord;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanFiles;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The helm backend's reads: the plan beside a release, what helm and swiss know about it, and its
 * revisions with the plans that produced them. An apply whose writer died is settled before the
 * record beside the release is read, so what is read describes the revision that runs.
 */
public final class HelmReads implements ReleaseReads {
  private final ReleaseStorage storage;
  private final InterruptedApplies interrupted;
  private final PlanArchive archive;

  public HelmReads(ReleaseStorage storage, InterruptedApplies interrupted, PlanArchive archive) {
    this.storage = storage;
    this.interrupted = interrupted;
    this.archive = archive;
  }

  /** The plan beside the helm release; a release installed by hand has none. */
  @Override
  public Plan current(String namespace, String release) {
    boolean exists = storage.newest(namespace, release).isPresent();
    Map<String, String> files = interrupted.read(namespace, release).files();
    if (!exists) {
      throw new DeployException(NOT_FOUND, "no such release %s/%s".formatted(namespace, release));
    }
    if (files.isEmpty()) {
      throw new DeployException(
          NOT_FOUND,
          "release \"%s\" has no plan beside it -- swiss did not deploy it".formatted(release));
    }
    try {
      return PlanFiles.fromFiles(files);
    } catch (PlanException e) {
      throw new DeployException(
          FAILED,
          "the plan beside %s/%s is unreadable: %s".formatted(namespace, release, e.getMessage()),
          e);
    }
  }

  /** The hash of {@link #current}; empty when there is none. */
  @Override
  public String planHash(String namespace, String release) {
    try {
      return current(namespace, release).hash();
    } catch (DomainException e) {
      return "";
    }
  }

  /** What helm and swiss know about the release. */
  public ReleaseStatus status(String namespace, String release) {
    return status(namespace, release, interrupted.read(namespace, release).files());
  }

  /**
   * The release for its status: helm's when a plan ConfigMap is beside it (even one whose plan
   * cannot be read), else nobody's.
   */
  @Override
  public LiveRelease live(String namespace, String release) {
    Map<String, String> files = interrupted.read(namespace, release).files();
    ReleaseStatus stored = status(namespace, release, files);
    boolean phased = stored.tracked() && !stored.plan().phase().isEmpty();
    return new LiveRelease(
        stored.exists(),
        files.isEmpty() ? "" : ReleaseBackend.HELM,
        stored.revision(),
        stored.helmStatus(),
        phased ? stored.plan() : null,
        false,
        null,
        null,
        stored.current());
  }

  /** The archived plans and the live one's, newest first. */
  @Override
  public List<RevisionList.Revision> revisions(String namespace, String release) {
    ReleaseStatus live = status(namespace, release);
    List<RevisionList.Revision> revisions = new ArrayList<>();
    for (int archived : archivedRevisions(namespace, release)) {
      if (!live.exists() || archived != live.revision()) {
        revisions.add(
            RevisionList.Revision.archived(
                archived, archive.files(namespace, release, archived), false, false));
      }
    }
    if (live.exists()) {
      revisions.add(liveRow(live));
    }
    revisions.sort(Comparator.comparingInt(RevisionList.Revision::revision).reversed());
    return revisions;
  }

  private static RevisionList.Revision liveRow(ReleaseStatus live) {
    Plan plan = live.current();
    return plan == null
        ? new RevisionList.Revision(live.revision(), "", "", "", live.chart(), "", true, "")
        : new RevisionList.Revision(
            live.revision(),
            plan.source().model(),
            plan.source().version(),
            plan.source().variant(),
            live.chart(),
            plan.hash(),
            true,
            live.plan() == null ? "" : live.plan().chartDigest(),
            live.plan() != null && live.plan().preflightSkipped());
  }

  /** The live plan for the revision that runs, else the archived one. */
  @Override
  public Plan revisionPlan(String namespace, String release, int revision) {
    ReleaseStatus live = status(namespace, release);
    if (live.exists() && live.revision() == revision && live.current() != null) {
      return live.current();
    }
    return archived(namespace, release, revision);
  }

  /** The archived plan that produced {@code revision}, hash verified. */
  public Plan archived(String namespace, String release, int revision) {
    return archive.read(namespace, release, revision);
  }

  /** The revisions whose plans are archived, newest first. */
  public List<Integer> archivedRevisions(String namespace, String release) {
    return archive.revisions(namespace, release);
  }

  private ReleaseStatus status(String namespace, String release, Map<String, String> files) {
    Optional<ReleaseRecord> record = storage.newest(namespace, release);
    boolean tracked = files.containsKey(PlanFiles.META_FILE);
    Plan current = tracked ? readable(files) : null;
    return new ReleaseStatus(
        namespace,
        release,
        record.isPresent(),
        record.map(ReleaseRecord::revision).orElse(0),
        record.map(ReleaseRecord::status).orElse(""),
        record.map(ReleaseRecord::chart).orElse(""),
        tracked,
        current == null ? "" : current.hash(),
        tracked ? PlanStatus.parse(files.get(PlanStatus.FILE)) : null,
        current);
  }

  private static Plan readable(Map<String, String> files) {
    try {
      return PlanFiles.fromFiles(files);
    } catch (PlanException e) {
      return null;
    }
  }
}
