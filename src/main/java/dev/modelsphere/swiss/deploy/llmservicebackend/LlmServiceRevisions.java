package dev.modelsphere.swiss.deploy.llmservicebackend;

import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;
import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.deploy.backend.ChartLabel;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.backend.RevisionList;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.HistoryEntry;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.Model;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.values.Nulls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The plan that produced one revision of an LLMService release (backends.md §3.6 Archived): the
 * live object for the revision that runs, the operator's ControllerRevision snapshot for one its
 * history names, and a legacy archive Secret for a revision from before the release moved to
 * LLMService. One reading, shared by the revisions view and by rollback, so what a person sees
 * listed is what a rollback re-applies.
 */
public final class LlmServiceRevisions {
  private final LlmServiceClient services;
  private final PlanArchive archive;

  /**
   * @param archive only read here: archives left from before the release moved to LLMService
   */
  public LlmServiceRevisions(LlmServiceClient services, PlanArchive archive) {
    this.services = services;
    this.archive = archive;
  }

  /**
   * The revisions of {@code service}: the operator's history first, as it keeps it (newest first),
   * then archives from before the release moved to LLMService that the history does not cover; not
   * re-sorted, as the reference lists them.
   */
  public List<RevisionList.Revision> list(LlmService service) {
    String namespace = service.getMetadata().getNamespace();
    String release = service.getMetadata().getName();
    int live = liveRevision(service);
    List<RevisionList.Revision> revisions = new ArrayList<>();
    for (HistoryEntry entry : history(service)) {
      revisions.add(row(namespace, release, entry, live));
    }
    Set<Integer> listed =
        revisions.stream().map(RevisionList.Revision::revision).collect(Collectors.toSet());
    for (int archived : archive.revisions(namespace, release)) {
      if (!listed.contains(archived)) {
        revisions.add(
            RevisionList.Revision.archived(
                archived, archive.files(namespace, release, archived), true, archived == live));
      }
    }
    return revisions;
  }

  /** A history entry, filled in from its ControllerRevision snapshot when that is still there. */
  private RevisionList.Revision row(
      String namespace, String release, HistoryEntry entry, int live) {
    int revision = entry.revision() == null ? 0 : entry.revision();
    RevisionList.Revision bare =
        RevisionList.Revision.bare(revision, Nulls.orEmpty(entry.hash()), revision == live);
    if (Nulls.orEmpty(entry.controllerRevision()).isEmpty()) {
      return bare;
    }
    return snapshot(namespace, release, entry.controllerRevision())
        .map(snapshot -> fromSnapshot(revision, snapshot, live))
        .orElse(bare);
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
        revision == live,
        "");
  }

  /**
   * The plan of {@code wanted}, its hash verified.
   *
   * @throws DeployException {@link ErrorKind#NOT_FOUND} when no plan of it is kept or it was
   *     edited, {@link ErrorKind#UPSTREAM_FAILED} when a snapshot cannot be read
   */
  public Plan plan(LlmService service, int wanted) {
    String namespace = service.getMetadata().getNamespace();
    String release = service.getMetadata().getName();
    try {
      if (liveRevision(service) == wanted) {
        return PlanMapping.toPlan(service);
      }
      Optional<HistoryEntry> entry =
          history(service).stream()
              .filter(e -> e.revision() != null && e.revision() == wanted)
              .findFirst();
      if (entry.isEmpty() || Nulls.orEmpty(entry.get().controllerRevision()).isEmpty()) {
        return archive.read(namespace, release, wanted);
      }
      String name = entry.get().controllerRevision();
      LlmService snapshot =
          snapshot(namespace, release, name)
              .orElseThrow(
                  () ->
                      new DeployException(
                          NOT_FOUND,
                          "revision %d of %s/%s: its controllerrevision %s is gone"
                              .formatted(wanted, namespace, release, name)));
      return PlanMapping.toPlan(snapshot);
    } catch (MappingException | PlanException e) {
      throw new DeployException(
          NOT_FOUND,
          "revision %d of %s/%s: %s".formatted(wanted, namespace, release, e.getMessage()),
          e);
    }
  }

  /** The object as the operator recorded it in ControllerRevision {@code name}; empty if gone. */
  public Optional<LlmService> snapshot(String namespace, String release, String name) {
    try {
      return services.snapshot(namespace, release, name);
    } catch (KubeException e) {
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
  }

  /** The operator's history, newest first; empty when it has written none. */
  public static List<HistoryEntry> history(LlmService service) {
    return service.getStatus() == null || service.getStatus().history() == null
        ? List.of()
        : service.getStatus().history();
  }

  /** The helm revision the operator last observed; 0 when none. */
  public static int liveRevision(LlmService service) {
    return service.getStatus() == null ? 0 : service.getStatus().helmRevision();
  }
}
