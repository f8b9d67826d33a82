package dev.modelsphere.swiss.deploy.llmservicebackend;

import static dev.modelsphere.swiss.error.ErrorKind.CONFLICT;
import static dev.modelsphere.swiss.error.ErrorKind.FAILED;
import static dev.modelsphere.swiss.error.ErrorKind.INVALID;
import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;
import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.NamespaceLabels;
import dev.modelsphere.swiss.deploy.backend.Preconditions;
import dev.modelsphere.swiss.deploy.backend.ReleaseState;
import dev.modelsphere.swiss.deploy.backend.TargetNamespace;
import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.deploy.writes.ReleaseLeases;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.ObjectRefusal;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.OperatorAnnotations;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.values.Nulls;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LLMService backend's writes (backends.md §3.7): install creates the object, apply and
 * rollback replace its whole spec naming the resourceVersion that was read, and each then waits for
 * the operator to finish the generation it wrote. Its methods have {@link HelmDeployer}'s shapes so
 * a route calls whichever backend owns the release.
 *
 * <p>Nothing is written beside the object: no plan ConfigMap, no status.yaml. The object is the
 * record; its swiss annotations carry the plan and the operator's history keeps the revisions.
 */
public final class LlmServiceDeployer {
  private static final Logger LOG = LoggerFactory.getLogger(LlmServiceDeployer.class);

  private final Kube kube;
  private final KubernetesClient client;
  private final LlmServiceClient services;
  private final ReleaseStorage storage;
  private final ReleaseLocks locks;
  private final ReleaseLeases leases;
  private final LlmServiceRevisions revisions;
  private final OperatorWait operator;
  private final TargetNamespace targetNamespace;

  /**
   * @param storage helm's release Secrets, read to refuse an install over a helm release
   * @param leases the cluster-wide lock of a release, taken after {@code locks}, this process's own
   * @param operator waits for the operator to finish the generation an apply wrote
   * @param namespaceLabels what a namespace the plan asks to create is labelled with
   */
  public LlmServiceDeployer(
      Kube kube,
      LlmServiceClient services,
      ReleaseStorage storage,
      ReleaseLocks locks,
      ReleaseLeases leases,
      LlmServiceRevisions revisions,
      OperatorWait operator,
      NamespaceLabels namespaceLabels) {
    this.kube = kube;
    this.targetNamespace = new TargetNamespace(kube, namespaceLabels);
    this.client = kube.client();
    this.services = services;
    this.storage = storage;
    this.locks = locks;
    this.leases = leases;
    this.revisions = revisions;
    this.operator = operator;
  }

  /**
   * Installs ({@link Mode#INSTALL}: creates the LLMService) or upgrades ({@link Mode#UPGRADE}:
   * replaces its spec) the release to the plan, then waits for the operator's outcome.
   *
   * @throws DeployException {@code INVALID} for a plan the operator cannot deploy (a chart path, no
   *     repository, an edited plan); {@code CONFLICT} when the release is not in the state the
   *     write needs (missing, existing, external, Applying, moved); {@code FAILED} when the
   *     operator failed or did not finish in time; {@code UPSTREAM_FAILED} when the cluster could
   *     not be read or refused the write
   */
  public ApplyResult apply(Plan plan, Mode mode, ApplyOptions options) {
    Preconditions.checkHash(plan);
    String ns = plan.release().namespace();
    String release = plan.release().name();
    if (ns.isEmpty() || release.isEmpty()) {
      throw new DeployException(
          INVALID, "the plan names no release or no namespace: recompose it with both");
    }
    // Mapped first: a plan the operator cannot deploy is refused before anything is looked at.
    LlmService fresh = map(plan, options);
    Target target = new Target(ns, release, mode, options);
    try (ReleaseLocks.Held held = locks.acquire(ns, release, options.action())) {
      // A first look before taking the lease: a write that cannot succeed costs no lease.
      target.look();
      if (mode == Mode.INSTALL) {
        targetNamespace.require(plan);
      }
      try (ReleaseLeases.Held lease = leases.take(ns, release, options.action())) {
        // Looked at again under the lease: only now can no other swiss move the release.
        LlmService current = target.look();
        if (mode == Mode.UPGRADE
            && !options.forceConflicts()
            && runsAlready(current, plan, fresh)) {
          return ApplyResult.unchanged(
              ns,
              release,
              plan.hash(),
              LlmServiceRevisions.liveRevision(current),
              "its operator has applied it");
        }
        lease.requireHeld();
        Written written =
            mode == Mode.INSTALL ? create(target, fresh) : update(target, current, fresh);
        OperatorWait.Finished done = operator.await(ns, release, written.generation());
        return outcome(plan, target, written, done);
      }
    }
  }

  /**
   * Re-applies the plan of {@code toRevision}, as the operator's history and ControllerRevision
   * snapshots (or a legacy archive) keep it, as a new revision. The revision lock is required: a
   * rollback must not overwrite an apply that landed after the caller looked.
   */
  public ApplyResult rollback(
      String ns, String release, int toRevision, int expectRevision, String note) {
    if (toRevision <= 0) {
      throw new DeployException(INVALID, "toRevision is required: name the revision to restore");
    }
    if (expectRevision <= 0) {
      throw new DeployException(
          INVALID,
          "expectRevision is required: send the revision you"
              + " were looking at, so a rollback cannot overwrite an apply that landed in between");
    }
    LlmService live =
        get(ns, release)
            .orElseThrow(
                () ->
                    new DeployException(
                        NOT_FOUND,
                        "no release %s/%s: there is nothing to roll back".formatted(ns, release)));
    Plan plan = revisions.plan(live, toRevision);
    return apply(plan, Mode.UPGRADE, new ApplyOptions(expectRevision, "rollback", note));
  }

  /**
   * Whether the object already carries {@code plan}, spec for spec, and its operator has finished
   * that generation: then a write would change nothing but the note, and a new operator revision
   * would only bury the history. A failed generation is written again: that is how a user retries.
   */
  private static boolean runsAlready(LlmService current, Plan plan, LlmService fresh) {
    Map<String, String> annotations = current.getMetadata().getAnnotations();
    String hash = annotations == null ? "" : annotations.get(SwissAnnotations.PLAN_HASH);
    LlmServiceStatus status = current.getStatus();
    return plan.hash().equals(hash)
        && LlmServiceUpdate.sameSpec(current.getSpec(), fresh.getSpec())
        && status != null
        && status.phase() == Phase.Applied
        && status.observedGeneration() != null
        && status.observedGeneration() == generationOf(current);
  }

  /** What one apply is about, and the checks it makes each time it looks at the release. */
  private final class Target {
    private final String namespace;
    private final String release;
    private final String ref;
    private final Mode mode;
    private final ApplyOptions options;

    Target(String namespace, String release, Mode mode, ApplyOptions options) {
      this.namespace = namespace;
      this.release = release;
      this.ref = namespace + "/" + release;
      this.mode = mode;
      this.options = options;
    }

    /** The object an upgrade replaces (null for an install), once the checks pass. */
    LlmService look() {
      return mode == Mode.INSTALL ? lookBeforeInstall() : lookBeforeUpgrade();
    }

    /** An install needs neither a helm release nor an LLMService of the name. */
    private LlmService lookBeforeInstall() {
      ReleaseState helm = helmState();
      Preconditions.check(helm, Mode.INSTALL);
      Optional<LlmService> existing = get(namespace, release);
      if (existing.isPresent()) {
        throw alreadyExists(existing.get());
      }
      Preconditions.checkRevision(helm, options.expectRevision());
      return null;
    }

    private LlmService lookBeforeUpgrade() {
      LlmService current =
          get(namespace, release)
              .orElseThrow(
                  () ->
                      new DeployException(
                          CONFLICT,
                          "no release %s: use `swiss install` to create it".formatted(ref)));
      checkWritable(current);
      return current;
    }

    /** What an upgrade of {@code current} needs; checked again on a re-read after a conflict. */
    void checkWritable(LlmService current) {
      if (current.getMetadata().getDeletionTimestamp() != null) {
        throw new DeployException(
            CONFLICT,
            ("release %s is being uninstalled (its LLMService is marked for deletion); nothing was"
                    + " applied: wait until it is gone and install it again")
                .formatted(ref));
      }
      if (PlanMapping.isExternal(current)) {
        throw new DeployException(
            CONFLICT,
            ("release %s is an external LLMService: swiss did not deploy it, so it cannot be"
                    + " upgraded; change it where it was written, or delete it and install it with"
                    + " swiss")
                .formatted(ref));
      }
      if (current.getStatus() != null && current.getStatus().phase() == Phase.Applying) {
        throw new DeployException(
            CONFLICT,
            ("release %s is Applying: its operator has not finished the previous write; wait for"
                    + " it, or `helm rollback` first")
                .formatted(ref));
      }
      Preconditions.checkRevision(serviceState(current), options.expectRevision());
    }

    DeployException alreadyExists(LlmService existing) {
      return new DeployException(
          CONFLICT,
          "release %s already exists at revision %d: use `swiss apply` to upgrade it"
              .formatted(ref, LlmServiceRevisions.liveRevision(existing)));
    }

    private ReleaseState helmState() {
      return ReleaseState.of(namespace, release, storage.newest(namespace, release));
    }

    private ReleaseState serviceState(LlmService current) {
      String helmStatus =
          current.getStatus() == null || current.getStatus().helm() == null
              ? ""
              : Nulls.orEmpty(current.getStatus().helm().status());
      return new ReleaseState(
          namespace, release, true, helmStatus, LlmServiceRevisions.liveRevision(current));
    }
  }

  /**
   * One write that went through.
   *
   * @param generation the generation the API server gave the object: what the operator must reach
   * @param line what was written, the first line of the output
   */
  private record Written(LlmService service, long generation, String line) {}

  private Written create(Target target, LlmService fresh) {
    LlmService object = copy(fresh);
    long predicted = LlmServiceUpdate.predictGeneration(null, fresh.getSpec());
    if (target.options.forceConflicts()) {
      annotations(object).put(OperatorAnnotations.FORCE_CONFLICTS, Long.toString(predicted));
    }
    LlmService created;
    try {
      created = resources(target.namespace).resource(object).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        throw get(target.namespace, target.release)
            .map(target::alreadyExists)
            .orElseGet(
                () ->
                    new DeployException(
                        CONFLICT,
                        ("release %s was created and removed by someone else meanwhile;"
                                + " nothing was applied: look again")
                            .formatted(target.ref)));
      }
      throw refused("created", target, e);
    }
    long generation = generationOf(created);
    forceIfMoved(target, predicted, generation);
    return new Written(
        created,
        generation,
        "created LLMService %s (generation %d)".formatted(target.ref, generation));
  }

  /**
   * Replaces the whole spec of the object that was read, naming its resourceVersion. A conflict
   * means something wrote the object since: when only its status or bookkeeping moved (the operator
   * does that all the time) the update is decided again on a fresh read, once; a spec change,
   * another apply or a new object under the name is the caller's to look at.
   */
  private Written update(Target target, LlmService seen, LlmService fresh) {
    try {
      return updateOnce(target, seen, fresh);
    } catch (ResourceVersionConflict first) {
      LlmService now =
          get(target.namespace, target.release)
              .orElseThrow(() -> movedUnderYou(target, "was deleted after it was read"));
      String change = LlmServiceMoves.since(seen.getMetadata(), now.getMetadata());
      if (change != null) {
        throw movedUnderYou(target, change + " after it was read");
      }
      target.checkWritable(now);
      try {
        return updateOnce(target, now, fresh);
      } catch (ResourceVersionConflict second) {
        throw movedUnderYou(
            target, "kept changing while it was written (two resourceVersion conflicts)");
      }
    }
  }

  private Written updateOnce(Target target, LlmService seen, LlmService fresh) {
    long predicted = LlmServiceUpdate.predictGeneration(seen, fresh.getSpec());
    String force = target.options.forceConflicts() ? Long.toString(predicted) : "";
    LlmService object = copy(seen);
    object.setSpec(fresh.getSpec());
    object
        .getMetadata()
        .setAnnotations(
            LlmServiceUpdate.mergeAnnotations(
                seen.getMetadata().getAnnotations(), fresh.getMetadata().getAnnotations(), force));
    LlmService updated;
    try {
      // update() sends the resourceVersion the object carries: a stale one is a 409.
      updated = resources(target.namespace).resource(object).update();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        throw new ResourceVersionConflict();
      }
      throw refused("updated", target, e);
    }
    long generation = generationOf(updated);
    forceIfMoved(target, predicted, generation);
    long before = generationOf(seen);
    String line =
        generation == before
            ? "updated LLMService %s annotations; its spec is unchanged (generation %d)"
                .formatted(target.ref, generation)
            : "updated LLMService %s spec (generation %d to %d)"
                .formatted(target.ref, before, generation);
    return new Written(updated, generation, line);
  }

  /** The update named a resourceVersion that is no longer the object's. */
  private static final class ResourceVersionConflict extends RuntimeException {
    ResourceVersionConflict() {
      super(null, null, false, false);
    }
  }

  private static DeployException movedUnderYou(Target target, String what) {
    return new DeployException(
        CONFLICT,
        "the release moved under you; diff again: LLMService %s %s; nothing was written"
            .formatted(target.ref, what));
  }

  private static DeployException refused(String verb, Target target, KubernetesClientException e) {
    if (ObjectRefusal.refusesTheObject(e)) {
      // The object itself is what the API server refused: the plan's to change, never ours.
      return DeployException.refusedByCluster(
          INVALID,
          "LLMService %s not %s, nothing applied: the API server refused it as invalid: %s; change the values that make it and plan again"
              .formatted(
                  target.ref,
                  verb,
                  ObjectRefusal.describe(ObjectRefusal.of("LLMService/" + target.release, e))));
    }
    return new DeployException(
        UPSTREAM_FAILED,
        "LLMService %s not %s, nothing applied: the API server answered %s"
            .formatted(target.ref, verb, KubeException.describe(e)),
        e);
  }

  /**
   * The force-conflicts request names the generation to force; when the API server gave the write
   * another generation than predicted, the annotation is moved to the one written, or the operator
   * would ignore it. A failure leaves an unforced apply, which is logged, not fatal.
   */
  private void forceIfMoved(Target target, long predicted, long written) {
    if (!target.options.forceConflicts() || predicted == written) {
      return;
    }
    String path = "/metadata/annotations/" + OperatorAnnotations.FORCE_CONFLICTS.replace("/", "~1");
    String patch = "[{\"op\":\"add\",\"path\":\"%s\",\"value\":\"%d\"}]".formatted(path, written);
    try {
      resource(target.namespace, target.release).patch(PatchContext.of(PatchType.JSON), patch);
    } catch (KubernetesClientException e) {
      LOG.warn(
          "force-conflicts annotation not patched on {} (generation {} written, {} predicted): {}",
          target.ref,
          written,
          predicted,
          KubeException.describe(e));
    }
  }

  private ApplyResult outcome(
      Plan plan, Target target, Written written, OperatorWait.Finished done) {
    List<String> output = new ArrayList<>();
    output.add(written.line());
    output.addAll(done.progress());
    output.add(done.summary());
    if (done.phase() == Phase.Failed) {
      String message = Nulls.orEmpty(done.status().message());
      throw new DeployException(
          FAILED,
          "llmservice %s failed at generation %d: %s"
              .formatted(
                  target.ref,
                  written.generation(),
                  message.isEmpty() ? "its operator gave no message" : message));
    }
    return new ApplyResult(
        target.namespace,
        target.release,
        plan.hash(),
        done.helmRevision(),
        String.join("\n", output),
        "",
        true);
  }

  /**
   * The LLMService an install of {@code plan} creates, as a tree: what a dry run sends.
   *
   * @throws DeployException as an apply refuses a plan the operator cannot deploy
   */
  @SuppressWarnings("unchecked")
  Map<String, Object> object(Plan plan) {
    LlmService fresh = map(plan, ApplyOptions.install());
    return client.getKubernetesSerialization().convertValue(fresh, Map.class);
  }

  /** A plan the operator cannot deploy is the caller's to fix (400); anything else is ours. */
  private static LlmService map(Plan plan, ApplyOptions options) {
    try {
      return PlanMapping.fromPlan(plan, options.action(), options.note());
    } catch (MappingException e) {
      boolean callers =
          e.kind() == MappingException.Kind.CHART_PATH
              || e.kind() == MappingException.Kind.CHART_REPO;
      throw new DeployException(callers ? INVALID : FAILED, e.getMessage(), e);
    }
  }

  private Optional<LlmService> get(String namespace, String release) {
    try {
      return services.get(namespace, release);
    } catch (KubeException e) {
      throw new DeployException(
          UPSTREAM_FAILED, "%s; nothing was applied".formatted(e.getMessage()), e);
    }
  }

  private NonNamespaceOperation<
          LlmService, KubernetesResourceList<LlmService>, Resource<LlmService>>
      resources(String namespace) {
    return client.resources(LlmService.class).inNamespace(namespace);
  }

  private Resource<LlmService> resource(String namespace, String release) {
    return resources(namespace).withName(release);
  }

  private LlmService copy(LlmService svc) {
    return client.getKubernetesSerialization().clone(svc);
  }

  private static Map<String, String> annotations(LlmService svc) {
    ObjectMeta metadata = svc.getMetadata();
    if (metadata.getAnnotations() == null) {
      metadata.setAnnotations(new LinkedHashMap<>());
    } else {
      metadata.setAnnotations(new LinkedHashMap<>(metadata.getAnnotations()));
    }
    return metadata.getAnnotations();
  }

  private static long generationOf(LlmService svc) {
    Long generation = svc.getMetadata().getGeneration();
    return generation == null ? 0 : generation;
  }
}
