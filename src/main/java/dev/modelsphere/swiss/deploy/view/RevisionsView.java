package dev.modelsphere.swiss.deploy.view;

import static dev.modelsphere.swiss.error.ErrorKind.INVALID;
import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.deploy.BackendChoice;
import dev.modelsphere.swiss.deploy.BackendResolver;
import dev.modelsphere.swiss.deploy.DeployException;
import dev.modelsphere.swiss.deploy.HelmDeployer;
import dev.modelsphere.swiss.deploy.LlmServiceRevisions;
import dev.modelsphere.swiss.deploy.PlanArchive;
import dev.modelsphere.swiss.deploy.ReleaseStatus;
import dev.modelsphere.swiss.deploy.RevisionPlans;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.HistoryEntry;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.Model;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.values.Nulls;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A release's revisions (reference server.md §3.17-3.19, backends.md §2.8, §3.6): the list a
 * rollback picks from, the plan that produced a revision, and the values helm rendered it with. A
 * helm release's earlier plans are its archive Secrets; an LLMService's are the operator's history
 * and ControllerRevision snapshots, then any archives left from before it moved.
 */
public final class RevisionsView implements RevisionPlans {
  private final HelmDeployer helm;
  private final HelmReleases releases;
  private final Kube kube;
  private final BackendResolver backends;
  private final LlmServiceClient services;
  private final ReleaseStorage storage;

  /**
   * @param services may be null when the process has no LLMService client
   */
  public RevisionsView(
      HelmDeployer helm,
      HelmReleases releases,
      Kube kube,
      BackendResolver backends,
      LlmServiceClient services) {
    this.helm = helm;
    this.releases = releases;
    this.kube = kube;
    this.backends = backends;
    this.services = services;
    this.storage = new ReleaseStorage(kube.client());
  }

  /**
   * @throws DeployException {@link ErrorKind#UPSTREAM_FAILED} when the release or its records
   *     cannot be read
   */
  public RevisionList list(String namespace, String release) {
    Optional<LlmService> service = service(namespace, release);
    List<RevisionList.Revision> revisions =
        service.isPresent() ? serviceRevisions(service.get()) : helmRevisions(namespace, release);
    return new RevisionList(release, namespace, revisions);
  }

  /**
   * The plan that produced {@code revision}, its hash verified.
   *
   * @throws DeployException {@link ErrorKind#INVALID} for a revision that is not a number, {@link
   *     ErrorKind#NOT_FOUND} when no plan of it is kept or it was edited
   */
  public Plan plan(String namespace, String release, String revision) {
    return plan(namespace, release, number(revision));
  }

  @Override
  public Plan plan(String namespace, String release, int wanted) {
    Optional<LlmService> service = service(namespace, release);
    if (service.isPresent()) {
      return servicePlan(service.get(), wanted);
    }
    ReleaseStatus live = helm.status(namespace, release);
    if (live.exists() && live.revision() == wanted && live.current() != null) {
      return live.current();
    }
    return helm.archived(namespace, release, wanted);
  }

  /**
   * What helm rendered {@code revision} with: everything, and only what was supplied.
   *
   * @throws DeployException {@link ErrorKind#INVALID} for a revision that is not a number, {@link
   *     ErrorKind#NOT_FOUND} for one helm does not keep, {@link ErrorKind#UPSTREAM_FAILED} when
   *     helm cannot tell the values
   */
  public RevisionValues values(String namespace, String release, String revision) {
    int wanted = number(revision);
    requireStored(namespace, release, wanted);
    String all;
    try {
      all = releases.values(namespace, release, wanted, true);
    } catch (HelmException e) {
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
    try {
      String supplied = releases.values(namespace, release, wanted, false);
      return new RevisionValues(namespace, release, wanted, all, supplied, "");
    } catch (HelmException e) {
      return new RevisionValues(namespace, release, wanted, all, "", e.getMessage());
    }
  }

  /**
   * 404 for a revision helm does not keep, before asking helm: helm takes revision 0 for the
   * newest, and says only "release: not found" for one it lacks.
   */
  private void requireStored(String namespace, String release, int revision) {
    List<Integer> kept;
    try {
      kept = storage.revisions(namespace, release);
    } catch (HelmException e) {
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
    if (!kept.contains(revision)) {
      throw new DeployException(
          ErrorKind.NOT_FOUND,
          "%s/%s has no revision %d: helm keeps %s"
              .formatted(namespace, release, revision, kept.isEmpty() ? "none" : kept));
    }
  }

  /** The LLMService when it owns the release; empty for helm's releases and unmanaged ones. */
  private Optional<LlmService> service(String namespace, String release) {
    try {
      BackendChoice owner = backends.backendFor(namespace, release);
      return owner.owner() == BackendChoice.Owner.LLMSVC
          ? services.get(namespace, release)
          : Optional.empty();
    } catch (KubeException e) {
      throw new DeployException(
          UPSTREAM_FAILED,
          "cannot read the revisions of %s/%s: %s".formatted(namespace, release, e.getMessage()),
          e);
    }
  }

  private List<RevisionList.Revision> helmRevisions(String namespace, String release) {
    ReleaseStatus live = helm.status(namespace, release);
    List<RevisionList.Revision> revisions = new ArrayList<>();
    for (int archived : archivedRevisions(namespace, release)) {
      if (!live.exists() || archived != live.revision()) {
        revisions.add(archivedRow(namespace, release, archived, false, false));
      }
    }
    if (live.exists()) {
      Plan plan = live.current();
      revisions.add(
          plan == null
              ? new RevisionList.Revision(live.revision(), "", "", "", live.chart(), "", true)
              : new RevisionList.Revision(
                  live.revision(),
                  plan.source().model(),
                  plan.source().version(),
                  plan.source().variant(),
                  live.chart(),
                  plan.hash(),
                  true));
    }
    revisions.sort(Comparator.comparingInt(RevisionList.Revision::revision).reversed());
    return revisions;
  }

  /**
   * The operator's history first, as it keeps it (newest first), then archives from before the
   * release moved to LLMService that the history does not cover; not re-sorted, as the reference
   * lists them.
   */
  private List<RevisionList.Revision> serviceRevisions(LlmService service) {
    String namespace = service.getMetadata().getNamespace();
    String release = service.getMetadata().getName();
    int live = liveRevision(service);
    List<RevisionList.Revision> revisions = new ArrayList<>();
    for (HistoryEntry entry : history(service)) {
      int revision = entry.revision() == null ? 0 : entry.revision();
      RevisionList.Revision row =
          RevisionList.Revision.bare(revision, Nulls.orEmpty(entry.hash()), revision == live);
      if (!Nulls.orEmpty(entry.controllerRevision()).isEmpty()) {
        row =
            snapshot(namespace, release, entry.controllerRevision())
                .map(snapshot -> fromSnapshot(revision, snapshot, live))
                .orElse(row);
      }
      revisions.add(row);
    }
    Set<Integer> listed =
        revisions.stream().map(RevisionList.Revision::revision).collect(Collectors.toSet());
    for (int archived : archivedRevisions(namespace, release)) {
      if (!listed.contains(archived)) {
        revisions.add(archivedRow(namespace, release, archived, true, archived == live));
      }
    }
    return revisions;
  }

  private static RevisionList.Revision fromSnapshot(int revision, LlmService snapshot, int live) {
    Model model =
        snapshot.getSpec().model() == null
            ? new Model(null, null, null, null, null)
            : snapshot.getSpec().model();
    Map<String, String> annotations = snapshot.getMetadata().getAnnotations();
    String hash =
        annotations == null ? "" : Nulls.orEmpty(annotations.get(SwissAnnotations.PLAN_HASH));
    return new RevisionList.Revision(
        revision,
        Nulls.orEmpty(model.name()),
        Nulls.orEmpty(model.version()),
        Nulls.orEmpty(model.variant()),
        snapshot.getSpec().chart() == null
            ? ""
            : ChartLabel.of(
                snapshot.getSpec().chart().name(), snapshot.getSpec().chart().version()),
        hash,
        revision == live);
  }

  private Plan servicePlan(LlmService service, int wanted) {
    return serviceRevisions().plan(service, wanted);
  }

  private Optional<LlmService> snapshot(String namespace, String release, String revisionName) {
    return serviceRevisions().snapshot(namespace, release, revisionName);
  }

  /** Built on use: a process without an LLMService client never reads one. */
  private LlmServiceRevisions serviceRevisions() {
    return new LlmServiceRevisions(services, kube);
  }

  private List<Integer> archivedRevisions(String namespace, String release) {
    try {
      return helm.archivedRevisions(namespace, release);
    } catch (KubeException e) {
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
  }

  /**
   * A row read from an archived plan's files, without verifying them (listing is not rolling back);
   * a plan that cannot be read leaves only the revision.
   */
  private RevisionList.Revision archivedRow(
      String namespace, String release, int revision, boolean withHash, boolean current) {
    Map<String, String> files;
    try {
      files = kube.secret(namespace, PlanArchive.secretName(release, revision)).orElse(Map.of());
    } catch (KubeException e) {
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
    try {
      Plan plan = PlanFiles.fromFiles(files);
      return new RevisionList.Revision(
          revision,
          plan.source().model(),
          plan.source().version(),
          plan.source().variant(),
          ChartLabel.of(plan.chart().name(), plan.chart().version()),
          withHash ? plan.hash() : "",
          current);
    } catch (PlanException unreadable) {
      return RevisionList.Revision.bare(revision, "", current);
    }
  }

  private static List<HistoryEntry> history(LlmService service) {
    return LlmServiceRevisions.history(service);
  }

  private static int liveRevision(LlmService service) {
    return LlmServiceRevisions.liveRevision(service);
  }

  private static int number(String revision) {
    try {
      return Integer.parseInt(Nulls.orEmpty(revision).strip());
    } catch (NumberFormatException e) {
      throw new DeployException(
          INVALID, "revision must be a number, not \"%s\"".formatted(revision));
    }
  }
}
