package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.modelsphere.swiss.catalog.Requires;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.kube.ClusterCache;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.NodeInventory;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Preflight's live reads against the real API server: release names held in another namespace, the
 * managed plans other releases claim routes and service ids with, and the kwok nodes' GPUs. Other
 * tests share the cluster, so every name here carries this run's suffix, reads are scoped to this
 * test's two namespaces, and GPU use is only asserted where no other test can change the answer.
 */
@ClusterTest
class LivePreflightTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String H100 = "NVIDIA-H100-80GB-HBM3";

  private final String suffix = Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20), 36);
  private String other;
  private ClusterCache cache;

  @BeforeEach
  void createAnotherNamespace() {
    other = "pf-other-" + suffix;
    cluster
        .admin()
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(other)
                .addToLabels("swiss.modelsphere.dev/test", "true")
                .endMetadata()
                .build())
        .create();
  }

  @AfterEach
  void cleanUp() {
    cluster.admin().namespaces().withName(other).delete();
    if (cache != null) {
      cache.close();
    }
  }

  private List<String> bothNamespaces() {
    return List.of(cluster.namespace(), other);
  }

  private ClusterScope scope(List<String> namespaces) {
    LlmServiceClient services = new LlmServiceClient(cluster.admin());
    return new ClusterScope(
        cluster.kube(), services, LlmServiceAccess.of(services, Clock.systemUTC()), namespaces);
  }

  private Preflight preflight(ClusterScope scope) throws Exception {
    cache = ClusterCache.start(cluster.admin(), List.of(cluster.namespace()), Clock.systemUTC());
    assertThat(cache.awaitSettled(Duration.ofSeconds(30))).as("watches synced").isTrue();
    return Preflight.standard(
        new ChartRenderer(new ChartArchives(Files.createTempDirectory("preflight-charts-"))),
        "",
        scope,
        GpuNodes.of(new NodeInventory(cache, GpuResources.defaults())),
        GpuResources.defaults(),
        (plan, mode) -> List.of());
  }

  /** The plan ConfigMap swiss writes beside {@code plan}'s release, in the plan's namespace. */
  private static void recordPlan(Plan plan) {
    cluster
        .kube()
        .putConfigMap(
            plan.release().namespace(),
            PlanConfigMapName.of(plan.release().name()).toString(),
            PlanFiles.files(plan, ""));
  }

  private static Requires gpus(int perPod, List<String> products) {
    return new Requires(perPod, null, null, null, products, null, null);
  }

  @Test
  void aReleaseNameIsHeldWhereverAPlanConfigMapHelmStorageOrAnLlmServiceHasIt() {
    Crds.installLlmService(cluster.admin());
    String planned = "planned-" + suffix;
    String helmOnly = "by-hand-" + suffix;
    String served = "served-" + suffix;
    recordPlan(ExamplePlans.sglang(planned, other, "replicaCount: 1"));
    HelmSecrets.store(cluster.kube(), other, helmOnly, 1, "deployed");
    new ReleaseSeeds(cluster)
        .service(new ReleaseSeeds(cluster).repoPlan(served), Map.of(), Map.of());

    ReleaseHolders scoped = new LiveReleaseHolders(scope(bothNamespaces()));
    ReleaseHolders clusterWide = new LiveReleaseHolders(scope(List.of()));

    assertThat(scoped.namespacesHolding(planned)).containsExactly(other);
    assertThat(scoped.namespacesHolding(helmOnly)).containsExactly(other);
    assertThat(scoped.namespacesHolding(served)).containsExactly(cluster.namespace());
    assertThat(scoped.namespacesHolding("free-" + suffix)).isEmpty();
    assertThat(clusterWide.namespacesHolding(planned)).containsExactly(other);
    assertThat(clusterWide.namespacesHolding(helmOnly)).containsExactly(other);
  }

  @Test
  void theManagedPlansAreReadFromPlanConfigMapsAndLlmServices() {
    Crds.installLlmService(cluster.admin());
    ReleaseSeeds seeds = new ReleaseSeeds(cluster);
    Plan planned = ExamplePlans.sglang("planned-" + suffix, other, "serviceId: p-" + suffix);
    recordPlan(planned);
    seeds.service(seeds.repoPlan("served-" + suffix), Map.of(), Map.of());

    List<Plan> plans = new LiveManagedPlans(scope(bothNamespaces())).current();

    assertThat(plans)
        .extracting(p -> p.release().toString())
        .containsExactlyInAnyOrder(
            other + "/planned-" + suffix, cluster.namespace() + "/served-" + suffix);
    assertThat(plans)
        .filteredOn(p -> p.release().name().equals("planned-" + suffix))
        .singleElement()
        .extracting(Plan::hash)
        .isEqualTo(planned.hash());
  }

  @Test
  void anInstallInAnotherNamespaceIsRefusedForItsNameItsRouteAndItsServiceIdNamingTheHolder()
      throws Exception {
    String taken = "taken-" + suffix;
    recordPlan(
        ExamplePlans.sglang(
            taken,
            cluster.namespace(),
            "serviceId: s-%s\nmodelRoute: {enabled: true, nginx: {route: /r-%s}}"
                .formatted(suffix, suffix)));
    Plan clash =
        ExamplePlans.sglang(
            taken,
            other,
            "serviceId: s-%s\nmodelRoute: {enabled: true, nginx: {route: /r-%s}}"
                .formatted(suffix, suffix));

    PreflightReport report =
        preflight(scope(bothNamespaces())).check(Proposal.install(clash, null));

    String holder = cluster.namespace() + "/" + taken;
    assertThat(report.ok()).isFalse();
    assertThat(report.problems())
        .extracting(Problem::rule, Problem::field)
        .containsExactly(
            tuple(ReleaseIdentityRule.NAME, "release"),
            tuple(RouteCollisionRule.NAME, "modelRoute.nginx.route"),
            tuple(ServiceIdRule.NAME, "serviceId"));
    assertThat(report.problems().get(0).message()).contains(holder);
    assertThat(report.problems().get(1).message()).contains(holder).contains("/r-" + suffix);
    assertThat(report.problems().get(2).message()).contains(holder).contains("s-" + suffix);
  }

  @Test
  void aPlanWithItsOwnNameRouteAndServiceIdThatFitsTheNodesPasses() throws Exception {
    recordPlan(
        ExamplePlans.sglang(
            "neighbour-" + suffix,
            other,
            "modelRoute: {enabled: true, nginx: {route: /n-%s}}".formatted(suffix)));
    Plan own =
        ExamplePlans.sglang(
            "own-" + suffix,
            cluster.namespace(),
            "modelRoute: {enabled: true, nginx: {route: /o-%s}}".formatted(suffix));

    PreflightReport report =
        preflight(scope(bothNamespaces())).check(Proposal.install(own, gpus(1, List.of(H100))));

    assertThat(report.problems()).isEmpty();
    assertThat(report.ok()).isTrue();
  }

  @Test
  void aGpuRequestNoKwokNodeCanHoldNamesWhatItAskedAndWhatTheNodesHave() throws Exception {
    Plan greedy =
        ExamplePlans.sglang("greedy-" + suffix, cluster.namespace(), "model: {gpus: \"9\"}");

    PreflightReport report =
        preflight(scope(bothNamespaces())).check(Proposal.install(greedy, gpus(9, List.of(H100))));

    assertThat(report.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(GpuFitRule.NAME);
              assertThat(p.field()).isEqualTo("gpuProducts");
              assertThat(p.message())
                  .contains("9 free nvidia.com/gpu")
                  .contains("product " + H100)
                  .contains(H100 + " (nvidia.com/gpu): 2 nodes")
                  .contains("(huawei.com/Ascend910): 1 node");
            });
  }

  @Test
  void aClientThatMayNotListHelmStorageIsToldPreflightCouldNotCheckTheReleaseName()
      throws Exception {
    ClusterScope restricted =
        ClusterScope.helmOnly(new Kube(cluster.restricted()), List.of(cluster.namespace()));
    Plan plan = ExamplePlans.sglang("any-" + suffix, cluster.namespace(), "replicaCount: 1");

    List<Problem> problems =
        new Preflight(
                List.of(
                    new ReleaseIdentityRule(
                        restricted.namespaces(), new LiveReleaseHolders(restricted))))
            .check(Proposal.install(plan, null))
            .problems();

    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(ReleaseIdentityRule.NAME);
              assertThat(p.message())
                  .contains("could not check release-identity")
                  .contains("helm release secrets");
            });
  }
}
