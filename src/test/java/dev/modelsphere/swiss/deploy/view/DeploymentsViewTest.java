package dev.modelsphere.swiss.deploy.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.canary.CanaryState;
import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.helm.ChartLocation;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.helm.ValuesDocument;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServices;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.testing.CanarySimulation;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The deployments list, computed from the watches over releases seeded on the real API server. */
@ClusterTest
class DeploymentsViewTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Duration SYNC = Duration.ofSeconds(30);
  private static final CatalogRefs CATALOG_MOVED_ON =
      new CatalogRefs(
          Map.of("default", "sha256:new"), "sha256:new", (name, source) -> Optional.of("default"));

  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);
  private Fleet fleet;

  @AfterEach
  void stopWatching() {
    if (fleet != null) {
      fleet.close();
    }
  }

  private DeploymentsView view(LlmServiceAccess access) {
    fleet = Fleet.start(cluster.admin(), List.of(cluster.namespace()), access, Clock.systemUTC());
    assertThat(fleet.awaitSettled(SYNC)).as("watches synced").isTrue();
    SeedCopies.await(fleet, cluster);
    return new DeploymentsView(fleet, new Relationships(ReleaseSeeds.CANARY));
  }

  private static LlmServiceAccess servedAccess() {
    return LlmServiceAccess.of(new LlmServiceClient(cluster.admin()), Clock.systemUTC());
  }

  private static Map<String, DeploymentRow> byRelease(DeploymentsPage page) {
    return page.deployments().stream()
        .collect(Collectors.toMap(DeploymentRow::release, Function.identity()));
  }

  @Test
  void helmReleasesAreListedWithTheirPlanStateAndUntrackedOnesAreMarked() {
    cluster.deployer().apply(seeds.plan("a-applied"), Mode.INSTALL, ApplyOptions.install());
    cluster
        .helmReleases()
        .install(
            new RenderRequest(
                ChartLocation.local(TestCharts.exampleCharts().resolve("vllm")),
                "d-by-hand",
                cluster.namespace(),
                List.of(new ValuesDocument("mine", Map.of("replicaCount", 1L)))),
            false,
            false);
    seeds.recordPlan(seeds.plan("b-failed"), ReleaseSeeds.status("failed", "image pull refused"));
    seeds.storeRevision("b-failed", 1, "failed");
    seeds.recordPlan(seeds.plan("c-gone"), ReleaseSeeds.status("applied", ""));
    seeds.recordFiles("e-unreadable", Map.of(PlanFiles.META_FILE, "release: [unclosed"));
    seeds.storeRevision("e-unreadable", 4, "deployed");
    seeds.recordPlan(seeds.plan("f-applying"), ReleaseSeeds.status("applying", ""));
    seeds.storeRevision("f-applying", 2, "pending-upgrade");

    DeploymentsPage page =
        view(LlmServiceAccess.withoutClient()).page("prod", Paging.first(), CatalogRefs.none());

    assertThat(page.deployments())
        .extracting(DeploymentRow::release)
        .containsExactly(
            "a-applied", "b-failed", "c-gone", "d-by-hand", "e-unreadable", "f-applying");
    assertThat(page.summary()).isEqualTo(new DeploymentsPage.Summary(6, 0, 1));
    Map<String, DeploymentRow> rows = byRelease(page);

    DeploymentRow applied = rows.get("a-applied");
    assertThat(applied.backend()).isEqualTo("helm");
    assertThat(applied.chart()).isEqualTo("sglang-0.8.0");
    assertThat(applied.status()).isEqualTo("deployed");
    assertThat(applied.revision()).isEqualTo(1);
    assertThat(applied.updated()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    assertThat(applied.phase()).isEqualTo("applied");
    assertThat(applied.model()).isEqualTo("qwen3-8b");
    assertThat(applied.variant()).isEqualTo("sglang-tp1");
    assertThat(applied.version()).isEqualTo("1.0.0");
    assertThat(applied.catalogRef()).isEqualTo(ReleaseSeeds.OLD_REF);
    assertThat(applied.route()).isEqualTo("a-applied");
    assertThat(applied.drift()).isEmpty();
    assertThat(applied.untracked()).isFalse();
    assertThat(applied.canary().canaryState()).isEqualTo(CanaryState.STANDALONE);
    assertThat(applied.uid()).isEmpty();

    assertThat(rows.get("b-failed").drift()).isEqualTo("last apply failed: image pull refused");
    assertThat(rows.get("b-failed").phase()).isEqualTo("failed");
    assertThat(rows.get("c-gone").drift()).isEqualTo("a plan is recorded but the release is gone");
    assertThat(rows.get("c-gone").revision()).isZero();
    assertThat(rows.get("e-unreadable").drift()).startsWith("plan unreadable: ");
    assertThat(rows.get("e-unreadable").revision()).isEqualTo(4);
    assertThat(rows.get("f-applying").drift())
        .isEqualTo("an apply was started and never completed");

    DeploymentRow byHand = rows.get("d-by-hand");
    assertThat(byHand.untracked()).isTrue();
    assertThat(byHand.backend()).isEqualTo("helm");
    assertThat(byHand.chart()).isEqualTo("vllm-0.8.0");
    assertThat(byHand.status()).isEqualTo("deployed");
    assertThat(byHand.drift()).contains("swiss did not deploy");
    assertThat(byHand.model()).isEmpty();
  }

  @Test
  void eachRowCountsItsReadyPodsAndTheGpusTheScheduledOnesHold() {
    cluster.deployer().apply(seeds.plan("g-counted"), Mode.INSTALL, ApplyOptions.install());
    // Beside the chart's own pod (one GPU, as the plan's catalog layer asks): one that kwok runs on
    // a GPU node, and one that no scheduler serves, so it stays Pending, unready and holding
    // nothing.
    cluster
        .admin()
        .pods()
        .inNamespace(cluster.namespace())
        .resource(gpuPod("g-counted-gpu", "g-counted-sglang", 2))
        .create();
    seeds.pendingPod("g-counted-sglang", "g-counted-pending");
    seeds.recordPlan(seeds.plan("h-podless"), ReleaseSeeds.status("applied", ""));
    DeploymentsView view = view(LlmServiceAccess.withoutClient());

    await()
        .atMost(SYNC)
        .untilAsserted(
            () -> {
              Map<String, DeploymentRow> rows =
                  byRelease(view.page("prod", Paging.first(), CatalogRefs.none()));
              DeploymentRow counted = rows.get("g-counted");
              assertThat(counted.gpus()).isEqualTo(1 + 2);
              assertThat(counted.podsTotal()).isGreaterThanOrEqualTo(3);
              assertThat(counted.podsReady()).isEqualTo(counted.podsTotal() - 1);
              DeploymentRow podless = rows.get("h-podless");
              assertThat(List.of(podless.podsReady(), podless.podsTotal(), podless.gpus()))
                  .containsExactly(0, 0, 0);
            });
  }

  private static Pod gpuPod(String name, String app, int gpus) {
    Map<String, Quantity> ask = Map.of("nvidia.com/gpu", new Quantity(Integer.toString(gpus)));
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .addToLabels("app", app)
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("engine")
        .withImage("registry.invalid/fake-engine:1")
        .withNewResources()
        .withRequests(ask)
        .withLimits(ask)
        .endResources()
        .endContainer()
        .endSpec()
        .build();
  }

  @Test
  void llmServicesAreListedWithTheirCanaryRelationshipAndCatalogState() {
    Crds.installLlmService(cluster.admin());
    String uid =
        seeds.service(seeds.repoPlan("svc-alone"), Map.of(), Map.of()).getMetadata().getUid();
    seeds.operatorReports("svc-alone", Phase.Applied, 3, "");
    seeds.service(
        seeds.repoPlan("svc-lent"),
        Map.of(),
        Map.of(ReleaseSeeds.CANARY.assignmentAnnotation(), "lab/exp-1:baseline"));
    LlmService owned = seeds.service(seeds.repoPlan("svc-owned"), Map.of(), Map.of());
    String canaryUid =
        new CanarySimulation(cluster.admin(), cluster.namespace())
            .own("svc-owned", "exp-2", "candidate");
    seeds.service(seeds.repoPlan("svc-failing"), Map.of(), Map.of());
    seeds.operatorReports("svc-failing", Phase.Failed, 2, "helm: timed out waiting");
    cluster.llmServices().resource(LlmServices.sample(cluster.namespace(), "svc-theirs")).create();
    seeds.service(seeds.repoPlan("svc-moved"), Map.of(), Map.of());
    seeds.recordPlan(seeds.plan("svc-moved"), ReleaseSeeds.status("applied", ""));

    DeploymentsPage page = view(servedAccess()).page("prod", Paging.first(), CATALOG_MOVED_ON);

    assertThat(page.catalogRef()).isEqualTo("sha256:new");
    assertThat(page.deployments())
        .extracting(DeploymentRow::release)
        .containsExactly(
            "svc-alone", "svc-failing", "svc-lent", "svc-moved", "svc-owned", "svc-theirs");
    Map<String, DeploymentRow> rows = byRelease(page);

    DeploymentRow alone = rows.get("svc-alone");
    assertThat(alone.backend()).isEqualTo("llmsvc");
    assertThat(alone.uid()).isEqualTo(uid);
    assertThat(alone.canary().canaryState()).isEqualTo(CanaryState.STANDALONE);
    assertThat(alone.phase()).isEqualTo("Applied");
    assertThat(alone.revision()).isEqualTo(3);
    assertThat(alone.status()).isEqualTo("deployed");
    assertThat(alone.chart()).as("the chart the operator resolved").isEqualTo("sglang-0.8.1");
    assertThat(alone.model()).isEqualTo("qwen3-8b");
    assertThat(alone.catalog()).isEqualTo("default");
    assertThat(alone.drift()).isEqualTo("catalog moved since this was deployed");
    assertThat(alone.external()).isFalse();

    DeploymentRow lent = rows.get("svc-lent");
    assertThat(lent.canary().canaryState()).isEqualTo(CanaryState.REFERENCED);
    assertThat(lent.canary().assignedTo().name()).isEqualTo("exp-1");
    assertThat(lent.canary().assignedTo().verified()).isTrue();
    assertThat(lent.chart()).as("nothing resolved yet: the spec's chart").isEqualTo("sglang-0.8.0");

    DeploymentRow ownedRow = rows.get("svc-owned");
    assertThat(ownedRow.canary().canaryState()).isEqualTo(CanaryState.OWNED);
    assertThat(ownedRow.canary().managedBy().uid()).isEqualTo(canaryUid);
    assertThat(ownedRow.canary().managedBy().verified()).isTrue();
    assertThat(ownedRow.uid()).isEqualTo(owned.getMetadata().getUid());

    assertThat(rows.get("svc-failing").drift())
        .isEqualTo("last apply failed: helm: timed out waiting");
    DeploymentRow theirs = rows.get("svc-theirs");
    assertThat(theirs.external()).isTrue();
    assertThat(theirs.drift()).startsWith("plan unreadable: ");

    DeploymentRow moved = rows.get("svc-moved");
    assertThat(moved.backend()).isEqualTo("llmsvc");
    assertThat(moved.cleanupPending()).isTrue();
    assertThat(moved.drift())
        .isEqualTo("catalog moved since this was deployed; clean-up is unfinished");

    assertThat(page.summary().total()).isEqualTo(6);
    assertThat(page.summary().catalogBehind())
        .as("every swiss-written service was composed from the old ref")
        .isEqualTo(5);
  }

  @Test
  void withLlmServicesHiddenTheRowsAreHelmsOnly() {
    Crds.installLlmService(cluster.admin());
    seeds.service(seeds.repoPlan("svc-moved"), Map.of(), Map.of());
    seeds.recordPlan(seeds.plan("svc-moved"), ReleaseSeeds.status("applied", ""));
    seeds.storeRevision("svc-moved", 1, "deployed");
    LlmServiceAccess discoveryFails =
        new LlmServiceAccess(
            () -> {
              throw new IllegalStateException("discovery is down");
            },
            Clock.systemUTC());

    DeploymentsPage page = view(discoveryFails).page("prod", Paging.first(), CatalogRefs.none());

    assertThat(page.deployments()).hasSize(1);
    DeploymentRow row = page.deployments().get(0);
    assertThat(row.backend()).isEqualTo("helm");
    assertThat(row.cleanupPending()).isFalse();
    assertThat(row.uid()).isEmpty();
  }

  @Test
  void aClientRefusedLlmServicesAndHelmStorageStillListsThePlansAndNotesTheRefusals() {
    Crds.installLlmService(cluster.admin());
    seeds.service(seeds.repoPlan("svc-hidden"), Map.of(), Map.of());
    seeds.recordPlan(seeds.plan("glm"), ReleaseSeeds.status("applied", ""));
    seeds.storeRevision("glm", 1, "deployed");
    LlmServiceAccess servedButForbidden = new LlmServiceAccess(() -> true, Clock.systemUTC());
    fleet =
        Fleet.start(
            cluster.restricted(),
            List.of(cluster.namespace()),
            servedButForbidden,
            Clock.systemUTC());
    assertThat(fleet.awaitSettled(SYNC)).isTrue();

    DeploymentsPage page =
        new DeploymentsView(fleet, new Relationships(ReleaseSeeds.CANARY))
            .page("prod", Paging.first(), CatalogRefs.none());

    assertThat(servedButForbidden.current().forbidden())
        .as("the refused watch is noted, so other paths skip LLMServices too")
        .isTrue();
    assertThat(page.deployments()).extracting(DeploymentRow::release).containsExactly("glm");
    assertThat(page.deployments().get(0).drift())
        .startsWith("could not read this release: ")
        .contains("forbidden");
  }
}
