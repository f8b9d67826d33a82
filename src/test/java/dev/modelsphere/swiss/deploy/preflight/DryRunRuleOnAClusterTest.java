package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.ServerDryRun;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The dry-run rule against the real API server: what it would refuse is refused by name and field
 * and nothing is written; an upgrade over a field another manager took is not refused, since the
 * write settles ownership; in a namespace the plan will create only the names are checked.
 */
@ClusterTest
class DryRunRuleOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String DOTTED = "p-granite-3.3-8b-vllm";

  private DryRunRule rule() {
    return new DryRunRule(cluster.core().backends()::objects, new ServerDryRun(cluster.admin()));
  }

  private List<Problem> check(Plan plan, Mode mode) {
    return rule().check(new Proposal(plan, mode, null));
  }

  @Test
  void aServiceNamedWithDotsIsRefusedOnItsNameAndNothingIsWritten() {
    Plan plan = cluster.plan("dotted", "fullnameOverride: " + DOTTED);

    List<Problem> problems = check(plan, Mode.INSTALL);

    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.kind()).isEqualTo(ErrorKind.INVALID);
              assertThat(p.field()).isEqualTo("metadata.name");
              assertThat(p.message()).contains("Service/" + DOTTED, "DNS-1035");
            });
    assertThat(
            cluster.admin().apps().deployments().inNamespace(cluster.namespace()).list().getItems())
        .as("the Deployment the dry run passed was not written")
        .isEmpty();
    assertThat(cluster.admin().services().inNamespace(cluster.namespace()).list().getItems())
        .isEmpty();
  }

  @Test
  void anUpgradeOverAFieldAnotherManagerTookIsNotRefusedSinceTheWriteSettlesOwnership() {
    Plan installed = cluster.plan("taken", "replicaCount: 1");
    assertThat(check(installed, Mode.INSTALL)).isEmpty();
    cluster.deployer().apply(installed, Mode.INSTALL, ApplyOptions.install());
    takeReplicas("taken-sglang");

    List<Problem> problems = check(cluster.plan("taken", "replicaCount: 2"), Mode.UPGRADE);

    assertThat(problems).isEmpty();
  }

  @Test
  void inANamespaceThePlanWillCreateOnlyTheNamesAreChecked() {
    String absent =
        "dry-absent" + cluster.namespace().substring(cluster.namespace().lastIndexOf('-'));
    Plan dotted =
        ExamplePlans.plan(
            "dotted", absent, "fullnameOverride: " + DOTTED, ExamplePlans.localSglang(), true);
    Plan good =
        ExamplePlans.plan(
            "good", absent, "service: {type: Bogus}", ExamplePlans.localSglang(), true);

    assertThat(check(dotted, Mode.INSTALL))
        .singleElement()
        .satisfies(p -> assertThat(p.message()).contains("Service/" + DOTTED, "DNS-1035"));
    assertThat(check(good, Mode.INSTALL)).as("what is not a name waits for the write").isEmpty();
  }

  @Test
  void theDryRunOfADemoChartsObjectsCostsMilliseconds() {
    Plan plan = cluster.plan("timed", "replicaCount: 1");
    DryRunRule rule = rule();
    Proposal proposal = Proposal.install(plan, null);
    rule.check(proposal);
    List<Long> micros = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      long start = System.nanoTime();
      assertThat(rule.check(proposal)).isEmpty();
      micros.add((System.nanoTime() - start) / 1000);
    }
    micros.sort(null);
    System.out.printf(
        "dry-run rule over %d objects: median %d us, slowest %d us%n",
        cluster.core().backends().objects(plan, Mode.INSTALL).size(),
        micros.get(micros.size() / 2),
        micros.get(micros.size() - 1));
    assertThat(micros.get(micros.size() / 2)).isLessThan(2_000_000L);
  }

  /** Another field manager takes the Deployment's replicas, as an autoscaler would. */
  private static void takeReplicas(String deployment) {
    Deployment replicas =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName(deployment)
            .withNamespace(cluster.namespace())
            .endMetadata()
            .withNewSpec()
            .withReplicas(3)
            .endSpec()
            .build();
    cluster
        .admin()
        .apps()
        .deployments()
        .inNamespace(cluster.namespace())
        .resource(replicas)
        .fieldManager("an-autoscaler")
        .forceConflicts()
        .serverSideApply();
  }
}
