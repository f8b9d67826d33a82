package dev.modelsphere.swiss.deploy.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.PreflightReport;
import dev.modelsphere.swiss.deploy.preflight.Problem;
import dev.modelsphere.swiss.deploy.preflight.Proposal;
import dev.modelsphere.swiss.deploy.preflight.ReleaseIdentityRule;
import dev.modelsphere.swiss.deploy.preflight.RouteCollisionRule;
import dev.modelsphere.swiss.deploy.preflight.ServiceIdRule;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.CountingClient;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Preflight's claim rules as {@code swiss serve} runs them: reading the plan ConfigMaps, helm's
 * release Secrets and the LLMServices from the server's watches ({@link FleetPlans}, {@link
 * FleetReleaseHolders}) rather than listing them. A release written to the cluster is found once
 * the watch has it; a release changed or removed stops claiming what it gave up; and a check asks
 * the API server nothing.
 */
@ClusterTest
class FleetPreflightTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Duration SYNC = Duration.ofSeconds(30);

  private final String suffix = Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20), 36);
  private CountingClient counting;
  private Fleet fleet;

  @AfterEach
  void stop() {
    if (fleet != null) {
      fleet.close();
    }
    if (counting != null) {
      counting.close();
    }
  }

  /** The claim rules only, over a fleet watching the test's namespace through a counting client. */
  private Preflight claims() {
    counting = new CountingClient(cluster.cluster());
    LlmServiceClient services = new LlmServiceClient(counting.client());
    fleet =
        Fleet.start(
            counting.client(),
            List.of(cluster.namespace()),
            LlmServiceAccess.of(services, Clock.systemUTC()),
            Clock.systemUTC());
    assertThat(fleet.awaitSettled(SYNC)).as("watches synced").isTrue();
    FleetPlans plans = new FleetPlans(fleet);
    return new Preflight(
        List.of(
            new ReleaseIdentityRule(List.of(), new FleetReleaseHolders(fleet)),
            new RouteCollisionRule(plans),
            new ServiceIdRule(plans)));
  }

  private static String routed(String route, String serviceId) {
    return "serviceId: %s\nmodelRoute: {enabled: true, nginx: {route: %s}}"
        .formatted(serviceId, route);
  }

  /** What swiss leaves for an installed release: its plan ConfigMap and helm's release Secret. */
  private static void writeRelease(Plan plan) {
    recordPlan(plan);
    HelmSecrets.store(
        cluster.kube(), plan.release().namespace(), plan.release().name(), 1, "deployed");
  }

  private static void recordPlan(Plan plan) {
    cluster
        .kube()
        .putConfigMap(
            plan.release().namespace(),
            PlanConfigMapName.of(plan.release().name()).toString(),
            PlanFiles.files(plan, ""));
  }

  /** The watch holds the plan ConfigMap at the version the API server has now. */
  private boolean watched(Plan plan) {
    String name = PlanConfigMapName.of(plan.release().name()).toString();
    String live =
        cluster
            .admin()
            .configMaps()
            .inNamespace(plan.release().namespace())
            .withName(name)
            .get()
            .getMetadata()
            .getResourceVersion();
    return fleet
        .cache()
        .planConfigMaps()
        .get(plan.release().namespace(), name)
        .filter(cm -> cm.getMetadata().getResourceVersion().equals(live))
        .isPresent();
  }

  @Test
  void aReleaseWrittenToTheClusterIsFoundOnceTheWatchHasItAndACheckAsksTheApiServerNothing() {
    Preflight preflight = claims();
    String holder = "holder-" + suffix;
    Plan written =
        ExamplePlans.sglang(holder, cluster.namespace(), routed("/r-" + suffix, "s-" + suffix));
    // The same name, route and service id, as a new release in another namespace would ask.
    Plan clash =
        ExamplePlans.sglang(holder, "elsewhere-" + suffix, routed("/r-" + suffix, "s-" + suffix));
    assertThat(preflight.check(Proposal.install(clash, null)).problems())
        .as("nothing claims them yet")
        .isEmpty();

    writeRelease(written);
    await()
        .atMost(SYNC)
        .until(
            () ->
                watched(written)
                    && !fleet.cache().helmSecrets(cluster.namespace(), holder).isEmpty());
    counting.reset();
    PreflightReport report = preflight.check(Proposal.install(clash, null));

    String ref = cluster.namespace() + "/" + holder;
    assertThat(report.problems())
        .extracting(Problem::rule, Problem::field)
        .containsExactly(
            tuple(ReleaseIdentityRule.NAME, "release"),
            tuple(RouteCollisionRule.NAME, RouteCollisionRule.FIELD),
            tuple(ServiceIdRule.NAME, ServiceIdRule.FIELD));
    assertThat(report.problems()).allSatisfy(p -> assertThat(p.message()).contains(ref));
    assertThat(counting.readsBesidesTheWatches())
        .as("requests the check sent to the API server")
        .isEmpty();
  }

  /**
   * While nothing watched changes, every call hands out the very same list, so the claim rules'
   * index over it is built once; a plan written since is in the next one.
   */
  @Test
  void thePlansAreReadOnceUntilAWatchedPlanChanges() {
    claims();
    FleetPlans plans = new FleetPlans(fleet);
    Plan first = ExamplePlans.sglang("first-" + suffix, cluster.namespace(), "replicaCount: 1");
    recordPlan(first);
    await().atMost(SYNC).until(() -> watched(first));

    List<Plan> read = plans.current();
    assertThat(plans.current()).as("a second read, nothing changed").isSameAs(read);

    Plan second = ExamplePlans.sglang("second-" + suffix, cluster.namespace(), "replicaCount: 1");
    recordPlan(second);
    await().atMost(SYNC).until(() -> watched(second));

    assertThat(plans.current())
        .as("a read once the watch holds a new plan")
        .isNotSameAs(read)
        .extracting(Plan::hash)
        .contains(first.hash(), second.hash());
  }

  /**
   * A plan written (as an apply writes its release's) is read as the watch hears it, so the next
   * request is handed it parsed instead of parsing it in its preflight.
   */
  @Test
  void aFollowingCopyReadsAWrittenPlanBeforeAnyoneAsks() {
    claims();
    FleetPlans plans = FleetPlans.following(fleet);
    Plan written = ExamplePlans.sglang("ahead-" + suffix, cluster.namespace(), "replicaCount: 1");
    recordPlan(written);

    await()
        .atMost(SYNC)
        .until(
            () ->
                plans
                    .lastRead()
                    .map(read -> read.stream().anyMatch(p -> p.hash().equals(written.hash())))
                    .orElse(false));
    List<Plan> ready = plans.lastRead().orElseThrow();
    assertThat(plans.current()).as("what the next request is handed").isSameAs(ready);
  }

  @Test
  void aReleaseThatMovesToAnotherRouteFreesTheOldOneOnceTheWatchSeesTheChange() {
    Preflight preflight = claims();
    Plan before =
        ExamplePlans.sglang(
            "mover-" + suffix, cluster.namespace(), routed("/old-" + suffix, "m-" + suffix));
    Plan wantsOld =
        ExamplePlans.sglang(
            "newcomer-" + suffix, cluster.namespace(), routed("/old-" + suffix, "n-" + suffix));
    Plan wantsNew =
        ExamplePlans.sglang(
            "other-" + suffix, cluster.namespace(), routed("/new-" + suffix, "o-" + suffix));
    recordPlan(before);
    await().atMost(SYNC).until(() -> watched(before));
    assertThat(preflight.check(Proposal.install(wantsOld, null)).problems())
        .extracting(Problem::rule)
        .containsExactly(RouteCollisionRule.NAME);
    assertThat(preflight.check(Proposal.install(wantsNew, null)).problems()).isEmpty();

    Plan after =
        ExamplePlans.sglang(
            "mover-" + suffix, cluster.namespace(), routed("/new-" + suffix, "m-" + suffix));
    recordPlan(after);
    await().atMost(SYNC).until(() -> watched(after));

    assertThat(preflight.check(Proposal.install(wantsOld, null)).problems())
        .as("the old route, given up")
        .isEmpty();
    assertThat(preflight.check(Proposal.install(wantsNew, null)).problems())
        .extracting(Problem::rule, Problem::message)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.toList().get(0)).isEqualTo(RouteCollisionRule.NAME);
              assertThat((String) p.toList().get(1))
                  .contains(cluster.namespace() + "/mover-" + suffix);
            });

    cluster
        .admin()
        .configMaps()
        .inNamespace(cluster.namespace())
        .withName(PlanConfigMapName.of("mover-" + suffix).toString())
        .delete();
    await()
        .atMost(SYNC)
        .until(
            () ->
                fleet
                    .cache()
                    .planConfigMaps()
                    .get(cluster.namespace(), PlanConfigMapName.of("mover-" + suffix).toString())
                    .isEmpty());
    assertThat(preflight.check(Proposal.install(wantsNew, null)).problems())
        .as("a removed release claims nothing")
        .isEmpty();
  }
}
