package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.ChartVersions;
import dev.modelsphere.swiss.chartrepo.OciRegistryServer;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.testing.CanaryExperimentSimulation.Experiment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The SIMULATIONS {@code hack/demo} runs beside swiss, because neither the LLMService operator nor
 * the Canary controller exists here: on one namespace, {@link ReconcilingOperatorSimulation} plays
 * the operator (each LLMService generation is applied with helm, so its pods run on the demo's fake
 * nodes) and {@link CanaryExperimentSimulation} plays the controller running one experiment (it
 * borrows the baseline service and owns the candidate). Both CRDs are installed first.
 *
 * <pre>
 * java -cp target/swiss.jar:target/test-classes:DEPENDENCIES \
 *     dev.modelsphere.swiss.testing.DemoSimulations NAMESPACE EXPERIMENT BASELINE CANDIDATE
 * </pre>
 *
 * <p>It reaches the cluster through {@code $KUBECONFIG}, prints {@value #READY} once both are
 * running and {@value #MARKED} once the experiment's arms carry their marks, and runs until it is
 * stopped.
 */
public final class DemoSimulations implements AutoCloseable {
  /** The line that says the simulations are running: installs may start. */
  public static final String READY = "simulation: ready";

  /** The line that says the baseline is referenced and the candidate owned. */
  public static final String MARKED = "simulation: experiment arms marked";

  private static final List<String> EXAMPLE_CHARTS = List.of("sglang", "vllm");

  private final OciRegistryServer charts;
  private final ReconcilingOperatorSimulation operator;
  private final CanaryExperimentSimulation canary;

  private DemoSimulations(
      OciRegistryServer charts,
      ReconcilingOperatorSimulation operator,
      CanaryExperimentSimulation canary) {
    this.charts = charts;
    this.operator = operator;
    this.canary = canary;
  }

  /**
   * Serves the example charts, installs the LLMService and LLMCanary CRDs and starts both
   * simulations on {@code namespace}.
   *
   * @param registryPort where the chart registry listens on 127.0.0.1; 0 for any free port
   * @param helm what the simulated operator applies each generation with; null counts revisions
   *     without running helm (enough where no pod needs to run)
   * @param onArmsMarked run once, when both arms of the experiment carry their marks
   */
  public static DemoSimulations start(
      KubernetesClient client,
      String namespace,
      Experiment experiment,
      int registryPort,
      HelmReleases helm,
      Runnable onArmsMarked) {
    OciRegistryServer charts =
        OciRegistryServer.servingOn(registryPort, EXAMPLE_CHARTS, versions());
    Crds.installLlmService(client);
    ReconcilingOperatorSimulation operator = new ReconcilingOperatorSimulation(client, namespace);
    if (helm != null) {
      operator.runningHelm(helm);
    }
    return new DemoSimulations(
        charts,
        operator,
        new CanaryExperimentSimulation(client, namespace, experiment, onArmsMarked));
  }

  /** The versions the example charts have: what a plan composed from their folder pins. */
  private static List<String> versions() {
    return EXAMPLE_CHARTS.stream()
        .flatMap(
            name -> ChartVersions.list("", TestCharts.exampleCharts().toString(), name).stream())
        .distinct()
        .toList();
  }

  /** The registry's address as a site profile's {@code chartRepo} names it. */
  public String chartRepo() {
    return charts.url();
  }

  public CanaryExperimentSimulation canary() {
    return canary;
  }

  @Override
  public void close() {
    canary.close();
    operator.close();
    charts.close();
  }

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length != 5) {
      System.err.println(
          "usage: DemoSimulations NAMESPACE EXPERIMENT BASELINE CANDIDATE REGISTRY_PORT (cluster"
              + " from $KUBECONFIG)");
      System.exit(2);
    }
    String namespace = args[0];
    Experiment experiment = new Experiment(args[1], args[2], args[3]);
    KubernetesClient client = new KubernetesClientBuilder().build();
    DemoSimulations simulations =
        start(
            client,
            namespace,
            experiment,
            Integer.parseInt(args[4]),
            helmOn(Path.of(System.getenv("KUBECONFIG"))),
            () ->
                System.out.printf(
                    "%s: %s is referenced by LLMCanary %s (baseline), %s is owned by it"
                        + " (candidate)%n",
                    MARKED, experiment.baseline(), experiment.name(), experiment.candidate()));
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  simulations.close();
                  client.close();
                }));
    System.out.printf(
        "%s: the LLMService operator and the Canary controller are simulated on namespace %s;"
            + " the operator pulls charts from %s%n",
        READY, namespace, simulations.chartRepo());
    new CountDownLatch(1).await();
  }

  /** Helm as the operator would run it: in process, with its own chart cache. */
  private static HelmReleases helmOn(Path kubeconfig) throws IOException {
    ChartRenderer renderer =
        new ChartRenderer(new ChartArchives(Files.createTempDirectory("swiss-demo-charts-")));
    return new HelmReleases(renderer, Files.readString(kubeconfig));
  }
}
