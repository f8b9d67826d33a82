package dev.modelsphere.swiss.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.compose.Composer;
import dev.modelsphere.swiss.compose.Form;
import dev.modelsphere.swiss.compose.FormInput;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.ValuesDocument;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.EveryFixtureVariant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.RunResult;

/**
 * Rendering one composed plan in process (swiss's Helm 4 library, as swiss does) against a {@code
 * helm template} subprocess of the same helm version, both as JMH benchmarks of one run
 * (bench/render.sh runs it), then the ratio of their medians.
 *
 * <p>The helm binary is the system property {@value #HELM_PROPERTY}; JMH's forks inherit it.
 */
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class RenderBench {
  static final String HELM_PROPERTY = "swiss.bench.helm";

  private Path scratch;
  private RenderRequest request;
  private ChartRenderer renderer;
  private List<String> helmTemplate;

  /**
   * Composes the plan and renders it once each way. Both sides must give the same manifest, or the
   * ratio would compare different work.
   */
  @Setup(Level.Trial)
  public void prepare() throws IOException, InterruptedException {
    String helm = System.getProperty(HELM_PROPERTY, "");
    if (helm.isEmpty()) {
      throw new IllegalStateException(
          "no helm binary: run with -D" + HELM_PROPERTY + "=\"$(hack/helm-cli)\"");
    }
    Path project = Path.of(System.getProperty("user.dir"));
    Plan plan = plan(project.resolve("../shared/fixtures/model-catalog").normalize(), project);
    scratch = Files.createTempDirectory("bench-render-");
    request = PlanCharts.request(plan, null);
    renderer =
        new ChartRenderer(new ChartArchives(Files.createDirectory(scratch.resolve("charts"))));
    helmTemplate = helmTemplate(helm, request, Files.createDirectory(scratch.resolve("values")));
    String inProcess = renderer.render(request);
    if (!inProcess.equals(run(helmTemplate))) {
      throw new IllegalStateException("helm template and the library render different manifests");
    }
    System.out.printf(
        "render: %s %s/%s, chart %s (%d objects), helm %s%n",
        plan.source().model(),
        plan.source().version(),
        plan.source().variant(),
        request.chart().describe(),
        inProcess.split("\n---").length,
        helm);
  }

  @TearDown(Level.Trial)
  public void removeScratch() throws IOException {
    try (Stream<Path> files = Files.walk(scratch)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  @Benchmark
  public String inProcess() {
    return renderer.render(request);
  }

  @Benchmark
  public String helmTemplateSubprocess() throws IOException, InterruptedException {
    return run(helmTemplate);
  }

  private static Plan plan(Path catalogDir, Path project) {
    Catalog catalog = Catalog.open(catalogDir.toString());
    Entry entry = catalog.entry("kimi-k3", null);
    Variant variant = entry.defaultVariant();
    Profile profile =
        Profile.parse(
            """
            name: bench
            namespace: models
            chartPath: %s
            model:
              pathTemplate: /mnt/disk0/models/{{org}}/{{name}}
            nodes: {gpusPerNode: 8}
            """
                .formatted(project.resolve("examples/charts")),
            "bench profile");
    Map<String, Object> form =
        Form.assemble(
            FormInput.of(Map.of("replicaCount", 2L)),
            variant.requires().accelerator().productLabel());
    return Composer.compose(
        EveryFixtureVariant.request(catalog, entry, variant, profile, form, "0.8.0"));
  }

  /** The same release, chart and values documents as the request, as helm's command line. */
  private static List<String> helmTemplate(String helm, RenderRequest request, Path valuesDir)
      throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<String> command =
        new ArrayList<>(
            List.of(
                helm,
                "template",
                request.release(),
                request.chart().location(),
                "--namespace",
                request.namespace()));
    for (ValuesDocument doc : request.values()) {
      Path file = valuesDir.resolve(doc.name() + ".yaml");
      Files.writeString(file, json.writeValueAsString(doc.values()));
      command.add("--values");
      command.add(file.toString());
    }
    return command;
  }

  private static String run(List<String> command) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(process.getInputStream().readAllBytes());
    if (process.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed");
    }
    return out;
  }

  /** Takes JMH's command-line options, e.g. {@code -i 10} for more measured iterations. */
  public static void main(String[] args) throws Exception {
    Collection<RunResult> results = Jmh.run(RenderBench.class, args);
    double inProcess = Jmh.statistics(results, "inProcess").getPercentile(50);
    double subprocess = Jmh.statistics(results, "helmTemplateSubprocess").getPercentile(50);
    System.out.printf(
        "ratio of medians: in process %.2f ms, helm template %.2f ms: in process is %.1fx faster%n",
        inProcess, subprocess, subprocess / inProcess);
  }
}
