package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An install through preflight's gate renders its plan once: the chart-schema rule checks values
 * the schema accepts without a render, and whatever it does render the helm deployer, given the
 * same {@link PlanRenders}, finds instead of making its own. Renders are counted where they happen,
 * in the renderer the cache calls on a miss.
 */
@ClusterTest
class InstallRendersOnceTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path charts;

  @Test
  void anInstallThroughPreflightRendersItsPlanOnceAndAChangedPlanRendersAgain() throws Exception {
    String chartRoot = TestCharts.exampleCharts().toString();
    ChartRenderer renderer = new ChartRenderer(new ChartArchives(charts));
    AtomicInteger rendered = new AtomicInteger();
    PlanRenders renders =
        new PlanRenders(
            request -> {
              rendered.incrementAndGet();
              return renderer.render(request);
            },
            renderer::digest);
    LlmServiceClient services = new LlmServiceClient(cluster.admin());
    try (DeployCore core =
        new DeployCore(
            new DeployCore.Cluster(
                cluster.kube(),
                services,
                LlmServiceAccess.of(services, Clock.systemUTC()),
                new HelmReleases(renderer, Files.readString(cluster.kubeconfig()))),
            renders,
            new ReleaseLocks(),
            new DeploySettings(chartRoot, 20),
            Optional.empty(),
            Clock.systemUTC())) {
      HelmDeployer deployer = core.helm();
      Preflight preflight =
          new Preflight(
              List.of(
                  new ChartSchemaRule(
                      renders, new ValuesSchemaCheck(Optional.empty()), chartRoot)));
      Plan plan = cluster.plan("once", "replicaCount: 0");

      assertThat(preflight.check(Proposal.install(plan, null)).ok()).isTrue();
      ApplyResult result = deployer.apply(plan, Mode.INSTALL, ApplyOptions.install());

      assertThat(result.revision()).isEqualTo(1);
      assertThat(rendered).as("renders for preflight and install together").hasValue(1);

      Plan changed = cluster.plan("once", "replicaCount: 0\nserviceId: once-changed");
      assertThat(preflight.check(Proposal.upgrade(changed, null)).ok()).isTrue();
      deployer.apply(changed, Mode.UPGRADE, ApplyOptions.apply(1));
      assertThat(rendered).as("a plan with another hash is rendered anew, once").hasValue(2);
    }
  }
}
