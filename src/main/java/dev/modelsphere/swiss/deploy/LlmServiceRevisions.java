package dev.modelsphere.swiss.deploy;

import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;
import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.HistoryEntry;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;
import java.util.Optional;

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

  public LlmServiceRevisions(LlmServiceClient services, Kube kube) {
    this.services = services;
    // Only read here; how many archives helm keeps does not matter to a reader.
    this.archive = new PlanArchive(kube, DeploySettings.DEFAULT_PLAN_HISTORY);
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
