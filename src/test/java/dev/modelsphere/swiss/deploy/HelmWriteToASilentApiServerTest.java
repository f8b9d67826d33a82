package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ApiServerProxy;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API server's silence limit, which helm's own HTTP transport enforces: helm reaches the real
 * API server through an {@link ApiServerProxy} that the test freezes to play a hung one, while
 * swiss's own client (the record, the leases) talks to it directly.
 */
@ClusterTest
class HelmWriteToASilentApiServerTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Duration LIMIT = Duration.ofSeconds(2);
  private static final String RELEASE = "hushed";

  /** Long past the limit: a write that waits this long was not given up by the limit. */
  private static final Duration FOREVER = Duration.ofSeconds(30);

  @TempDir Path charts;
  private ApiServerProxy proxy;
  private DeployCore core;

  @BeforeEach
  void start() {
    proxy = new ApiServerProxy(cluster.cluster());
    ChartRenderer renderer = new ChartRenderer(new ChartArchives(charts));
    LlmServiceClient services = new LlmServiceClient(cluster.kube().client());
    core =
        new DeployCore(
            new DeployCore.Cluster(
                cluster.kube(),
                services,
                LlmServiceAccess.of(services, Clock.systemUTC()),
                new HelmReleases(renderer, proxy.kubeconfig())),
            PlanRenders.of(renderer),
            new ReleaseLocks(),
            new DeploySettings(
                    TestCharts.exampleCharts().toString(), DeploySettings.DEFAULT_PLAN_HISTORY)
                .withTimes(DeploySettings.Times.DEFAULTS.withApiServerSilence(LIMIT)),
            Optional.empty(),
            Clock.systemUTC());
  }

  @AfterEach
  void stop() {
    // Lets a write the limit did not end finish, so the core can close.
    proxy.thaw();
    core.close();
    proxy.close();
  }

  @Test
  void aWriteToASilentApiServerFailsWithinTheLimitAndSaysSoInTheRecord() {
    Plan first = cluster.plan(RELEASE, "replicaCount: 1");
    Plan second = cluster.plan(RELEASE, "replicaCount: 2");
    core.helm().apply(first, Mode.INSTALL, ApplyOptions.install());
    proxy.freeze();

    long started = System.nanoTime();
    CompletableFuture<ApplyResult> applying =
        CompletableFuture.supplyAsync(
            () -> core.helm().apply(second, Mode.UPGRADE, ApplyOptions.apply(1)));

    assertThat(applying)
        .failsWithin(FOREVER)
        .withThrowableOfType(ExecutionException.class)
        .havingCause()
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.FAILED);
              assertThat(e.recorded()).isTrue();
            })
        .withMessageContaining("helm upgrade %s/%s gave up".formatted(cluster.namespace(), RELEASE))
        .withMessageContaining("has not answered for PT2S (2 seconds");
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .as("given up after the limit, before the API server answered")
        .isGreaterThanOrEqualTo(LIMIT)
        .isLessThan(FOREVER);
    PlanStatus record = record();
    assertThat(record.phase()).isEqualTo(PlanStatus.FAILED);
    assertThat(record.error()).contains("gave up", "has not answered for PT2S");
  }

  private PlanStatus record() {
    Map<String, String> files =
        cluster
            .kube()
            .configMap(cluster.namespace(), PlanConfigMapName.of(RELEASE).toString())
            .orElseThrow();
    return PlanStatus.parse(files.get(PlanStatus.FILE));
  }
}
