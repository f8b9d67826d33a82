package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.SourceRef;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.TestCluster;
import dev.modelsphere.swiss.values.ValuesYaml;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything a deploy test needs against the real API server: an admin client, the test's own
 * namespace (from {@link KubeCluster}), and a deployer wired the way the CLI and server wire it.
 */
public final class HelmTestbed {

  public final KubernetesClient client;
  public final Kube kube;
  public final String namespace;
  final ChartRenderer renderer;
  final HelmReleases helm;
  final HelmDeployer deployer;
  final PlanDiffer differ;

  private HelmTestbed(KubeCluster cluster, int planHistory) {
    this.client = cluster.admin();
    this.kube = new Kube(client);
    this.namespace = cluster.namespace();
    try {
      this.renderer =
          new ChartRenderer(new ChartArchives(Files.createTempDirectory("swiss-charts-")));
      String kubeconfig = Files.readString(kubeconfigFile());
      this.helm = new HelmReleases(renderer, kubeconfig);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.deployer =
        new HelmDeployer(
            kube,
            renderer,
            helm,
            new ReleaseLocks(),
            new DeploySettings("", planHistory),
            Clock.systemUTC());
    this.differ = new PlanDiffer(kube, renderer, "");
  }

  /** A deployer working in the test's own namespace. */
  public static HelmTestbed on(KubeCluster cluster) {
    return new HelmTestbed(cluster, DeploySettings.DEFAULT_PLAN_HISTORY);
  }

  static HelmTestbed on(KubeCluster cluster, int planHistory) {
    return new HelmTestbed(cluster, planHistory);
  }

  /** A plan for the example sglang chart on disk with the given form layer (YAML). */
  Plan plan(String release, String form) {
    return plan(
        release,
        namespace,
        form,
        new ChartRef("sglang", "0.8.0", "", TestCharts.exampleCharts().toString()),
        false);
  }

  public static Plan plan(
      String release, String namespace, String form, ChartRef chart, boolean createNamespace) {
    Map<String, Map<String, Object>> layers = new LinkedHashMap<>();
    layers.put(
        "catalog",
        ValuesYaml.parse(
            "catalog",
            """
        image: {repository: lmsysorg/sglang, tag: v0.5.19}
        model: {name: qwen3-8b, gpus: "1"}
        extraArgs: [--tp-size=1]
        env: [{name: NVIDIA_DISABLE_REQUIRE, value: "1"}]
        """));
    layers.put("form", ValuesYaml.parse("form", form));
    return new Plan(
            Plan.API_VERSION,
            new ReleaseRef(release, namespace),
            new SourceRef(
                "/catalog", "", "", "qwen3-8b", "Qwen/Qwen3-8B", "1.0.0", "", "sglang-tp1"),
            chart,
            "sglang",
            "test",
            layers,
            createNamespace,
            null,
            "")
        .withHash();
  }

  String planPhase(String release) {
    return kube.configMap(namespace, HelmDeployer.planConfigMap(release))
        .map(files -> PlanStatus.parse(files.get(PlanStatus.FILE)).phase())
        .orElse("");
  }

  public static Path kubeconfigFile() {
    return TestCluster.get().dir().resolve("admin.kubeconfig");
  }
}
