package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.config.CanaryKeys;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.kube.StartupProgressTest;
import dev.modelsphere.swiss.llmsvc.HelmRelease;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.llmsvc.ResolvedChart;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the records a release leaves in the cluster, directly, to set up the states the views
 * report: a plan ConfigMap with its status.yaml, helm's release Secrets, LLMServices and the status
 * their operator would write (a SIMULATION of the operator: no operator runs here).
 */
public final class ReleaseSeeds {
  public static final CanaryKeys CANARY = CanaryKeys.defaults();
  public static final String OLD_REF = "sha256:old";

  private final KubeCluster cluster;

  public ReleaseSeeds(KubeCluster cluster) {
    this.cluster = cluster;
  }

  /** The example plan for {@code release}, composed from catalog ref {@value #OLD_REF}. */
  public Plan plan(String release) {
    Plan plan = ExamplePlans.sglang(release, cluster.namespace(), "replicaCount: 1");
    return plan.withSource(plan.source().withRef(OLD_REF)).withHash();
  }

  /** The same plan with a chart from a repository, as an LLMService needs. */
  public Plan repoPlan(String release) {
    return plan(release)
        .withChart(new ChartRef("sglang", "0.8.0", "oci://charts.example/serving", ""))
        .withHash();
  }

  /** The {@code swiss-plan-<release>} ConfigMap of {@code plan} with this status.yaml. */
  public void recordPlan(Plan plan, PlanStatus status) {
    Map<String, String> files = new LinkedHashMap<>(PlanFiles.files(plan, ""));
    files.put(PlanStatus.FILE, status.toYaml());
    kube()
        .putConfigMap(
            cluster.namespace(), PlanConfigMapName.of(plan.release().name()).toString(), files);
  }

  public void recordFiles(String release, Map<String, String> files) {
    kube().putConfigMap(cluster.namespace(), PlanConfigMapName.of(release).toString(), files);
  }

  /** Revision {@code revision} of {@code release} in helm's storage, chart sglang-0.8.0. */
  public void storeRevision(String release, int revision, String helmStatus) {
    HelmSecrets.store(kube(), cluster.namespace(), release, revision, helmStatus);
  }

  /**
   * The lease a CLI on someone's laptop left on {@code release} when it died: 15 s long, last
   * renewed {@code ago}.
   */
  public void lapsedLease(String release, Duration ago) {
    ZonedDateTime renewed = ZonedDateTime.now(ZoneOffset.UTC).minus(ago);
    cluster
        .admin()
        .leases()
        .inNamespace(cluster.namespace())
        .resource(
            new LeaseBuilder()
                .withNewMetadata()
                .withName("swiss-lock-" + release)
                .endMetadata()
                .withNewSpec()
                .withHolderIdentity("swiss CLI on a laptop pid 1")
                .withLeaseDurationSeconds(15)
                .withAcquireTime(renewed)
                .withRenewTime(renewed)
                .endSpec()
                .build())
        .create();
  }

  public static PlanStatus status(String phase, String error) {
    return new PlanStatus(phase, "install", 1, "2026-12-01T08:00:00Z", "", error, "", false);
  }

  /** The LLMService swiss would write for {@code plan}, with these extra labels and annotations. */
  public LlmService service(
      Plan plan, Map<String, String> labels, Map<String, String> annotations) {
    LlmService svc = PlanMapping.fromPlan(plan, "install", "");
    svc.getMetadata().setLabels(new LinkedHashMap<>(labels));
    svc.getMetadata().getAnnotations().putAll(annotations);
    return cluster.llmServices().resource(svc).create();
  }

  /** SIMULATION: the status the operator writes after applying (or failing) helm revision. */
  public void operatorReports(String name, Phase phase, int revision, String message) {
    cluster
        .llmServices()
        .withName(name)
        .editStatus(
            svc -> {
              svc.setStatus(
                  new LlmServiceStatus(
                      svc.getMetadata().getGeneration(),
                      phase,
                      null,
                      message,
                      new ResolvedChart("sglang", "0.8.1"),
                      null,
                      new HelmRelease(revision, phase == Phase.Failed ? "failed" : "deployed"),
                      null));
              return svc;
            });
  }

  /** A pod no scheduler serves, so it stays Pending: a release's pod with no kubelet behind it. */
  public Pod pendingPod(String app, String name) {
    return cluster
        .admin()
        .pods()
        .inNamespace(cluster.namespace())
        .resource(unscheduled(app, name))
        .create();
  }

  private static Pod unscheduled(String app, String name) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .addToLabels("app", app)
        .endMetadata()
        .withNewSpec()
        .withSchedulerName("no-scheduler-simulation")
        .addNewContainer()
        .withName("engine")
        .withImage("registry.invalid/engine:1")
        .endContainer()
        .endSpec()
        .build();
  }

  /**
   * SIMULATION: kwok marks every pod it runs Ready at once, whatever its probes say. This pod is
   * left unscheduled (no scheduler serves its schedulerName) and its status is written through the
   * status subresource as a kubelet would write it while a model loads.
   *
   * @param app the pod's {@code app} label, which the release's status selects by
   */
  public void startingPod(String app, String name, ContainerStatus engine) {
    Pod pod = unscheduled(app, name);
    pod.getSpec().getContainers().get(0).setStartupProbe(StartupProgressTest.LOADING_PROBE);
    cluster.admin().pods().inNamespace(cluster.namespace()).resource(pod).create();
    cluster
        .admin()
        .pods()
        .inNamespace(cluster.namespace())
        .withName(name)
        .editStatus(
            p -> {
              p.getStatus().setPhase("Running");
              p.getStatus()
                  .setConditions(
                      List.of(
                          new PodConditionBuilder()
                              .withType("Ready")
                              .withStatus("False")
                              .withReason("ContainersNotReady")
                              .withMessage("containers with unready status: [engine]")
                              .build()));
              p.getStatus().setContainerStatuses(List.of(engine));
              return p;
            });
  }

  private Kube kube() {
    return cluster.kube();
  }
}
