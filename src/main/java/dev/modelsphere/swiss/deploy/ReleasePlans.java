package dev.modelsphere.swiss.deploy;

import static dev.modelsphere.swiss.error.ErrorKind.FAILED;
import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;
import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServiceException;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanFiles;
import java.time.Clock;
import java.util.Map;

/**
 * The plan a release was last deployed from, read from the cluster through the backend that owns
 * it: the LLMService's spec for llmsvc, the {@code swiss-plan-<release>} ConfigMap beside the helm
 * release otherwise. The cluster is the only source: a database row could disagree with it.
 */
public final class ReleasePlans {
  private final Kube kube;
  private final ReleaseStorage storage;
  private final BackendResolver owners;
  private final LlmServiceClient services;
  private final InterruptedApplies interrupted;

  /**
   * @param services may be null with a resolver that never sees LLMServices ({@link
   *     BackendResolver#helmOnly})
   * @param clock the writers' clock: a lease is live by the time its holder wrote into it
   */
  public ReleasePlans(Kube kube, BackendResolver owners, LlmServiceClient services, Clock clock) {
    this.kube = kube;
    this.storage = new ReleaseStorage(kube.client());
    this.owners = owners;
    this.services = services;
    // Only reads the lease, to tell an abandoned apply from one that runs; it never takes one.
    ReleaseLeases leases =
        new ReleaseLeases(
            kube.client(), Writer.thisProcess("swiss"), ReleaseLeases.DEFAULT_DURATION, clock);
    this.interrupted = new InterruptedApplies(kube, leases, clock);
  }

  /** Plans of helm releases only, for a process without an LLMService client. */
  public static ReleasePlans helmOnly(Kube kube, Clock clock) {
    return new ReleasePlans(kube, BackendResolver.helmOnly(kube), null, clock);
  }

  /**
   * The current plan of {@code namespace/release}.
   *
   * @throws DeployException {@code NOT_FOUND} when there is no release or no plan beside it, {@code
   *     UPSTREAM_FAILED} when the cluster cannot be read, {@code FAILED} when the plan is
   *     unreadable
   */
  public Plan current(String namespace, String release) {
    BackendChoice choice;
    try {
      choice = owners.backendFor(namespace, release);
    } catch (KubeException e) {
      // An LLMService read failure is a KubeException too.
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
    return choice.forRead() == BackendChoice.Owner.LLMSVC
        ? fromLlmService(namespace, release)
        : fromHelm(namespace, release);
  }

  /**
   * The plan beside the helm release; a release installed by hand has none. An apply whose writer
   * died is settled first, so the plan is that of the revision that runs.
   */
  public Plan fromHelm(String namespace, String release) {
    boolean exists;
    Map<String, String> files;
    try {
      exists = storage.newest(namespace, release).isPresent();
    } catch (HelmException | KubeException e) {
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
    files = interrupted.read(namespace, release).files();
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

  private Plan fromLlmService(String namespace, String release) {
    LlmService service;
    try {
      service =
          services
              .get(namespace, release)
              .orElseThrow(
                  () ->
                      new DeployException(
                          NOT_FOUND, "no such release %s/%s".formatted(namespace, release)));
    } catch (LlmServiceException e) {
      throw new DeployException(UPSTREAM_FAILED, e.getMessage(), e);
    }
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
}
