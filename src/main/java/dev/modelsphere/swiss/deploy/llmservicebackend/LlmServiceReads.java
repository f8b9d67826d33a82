package dev.modelsphere.swiss.deploy.llmservicebackend;

import static dev.modelsphere.swiss.error.ErrorKind.FAILED;
import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;
import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.LiveRelease;
import dev.modelsphere.swiss.deploy.backend.ReleaseBackend;
import dev.modelsphere.swiss.deploy.backend.ReleaseReads;
import dev.modelsphere.swiss.deploy.backend.RevisionList;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServiceException;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import java.util.List;
import java.util.Optional;

/**
 * The LLMService backend's reads: the object is the record. Its spec and swiss's annotations are
 * the plan, its status the operator's, and its history (with ControllerRevision snapshots, and
 * archives from before the release moved) the revisions.
 */
public final class LlmServiceReads implements ReleaseReads {
  private final Kube kube;
  private final LlmServiceClient services;
  private final LlmServiceRevisions revisions;

  public LlmServiceReads(Kube kube, LlmServiceClient services, LlmServiceRevisions revisions) {
    this.kube = kube;
    this.services = services;
    this.revisions = revisions;
  }

  /** The plan the LLMService deploys, its annotated hash verified. */
  @Override
  public Plan current(String namespace, String release) {
    LlmService service = existing(namespace, release);
    try {
      return PlanMapping.toPlan(service);
    } catch (MappingException e) {
      throw new DeployException(
          FAILED,
          "the plan of LLMService %s/%s is unreadable: %s"
              .formatted(namespace, release, e.getMessage()),
          e);
    }
  }

  /** The hash of the plan the LLMService runs; empty when it cannot be read. */
  @Override
  public String planHash(String namespace, String release) {
    try {
      return services.get(namespace, release).map(PlanMapping::toPlan).map(Plan::hash).orElse("");
    } catch (LlmServiceException | MappingException e) {
      return "";
    }
  }

  /**
   * The object, the operator's status, and whether the plan ConfigMap helm left behind when the
   * release moved here is still there.
   */
  @Override
  public LiveRelease live(String namespace, String release) {
    Optional<LlmService> found = service(namespace, release);
    if (found.isEmpty()) {
      return LiveRelease.absent();
    }
    LlmService service = found.get();
    LlmServiceStatus status = service.getStatus();
    return new LiveRelease(
        true,
        ReleaseBackend.LLMSVC,
        status == null ? 0 : status.helmRevision(),
        status == null || status.helm() == null ? "" : status.helm().status(),
        null,
        helmPlanLeft(namespace, release),
        service.getMetadata(),
        status,
        readable(service));
  }

  /** The operator's history, then archives from before the move; none once the object is gone. */
  @Override
  public List<RevisionList.Revision> revisions(String namespace, String release) {
    return service(namespace, release).map(revisions::list).orElse(List.of());
  }

  @Override
  public Plan revisionPlan(String namespace, String release, int revision) {
    LlmService service = existing(namespace, release);
    return revisions.plan(service, revision);
  }

  private LlmService existing(String namespace, String release) {
    return service(namespace, release)
        .orElseThrow(
            () ->
                new DeployException(
                    NOT_FOUND, "no such release %s/%s".formatted(namespace, release)));
  }

  private Optional<LlmService> service(String namespace, String release) {
    try {
      return services.get(namespace, release);
    } catch (LlmServiceException e) {
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
  }

  private boolean helmPlanLeft(String namespace, String release) {
    return kube.configMap(namespace, PlanConfigMapName.of(release).toString())
        .map(data -> !data.isEmpty())
        .orElse(false);
  }

  private static Plan readable(LlmService service) {
    try {
      return PlanMapping.toPlan(service);
    } catch (MappingException | PlanException e) {
      return null;
    }
  }
}
