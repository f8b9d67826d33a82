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
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Renders one composed plan in process and through a {@code helm template} subprocess, and prints
 * the median time per render of each and their ratio.
 *
 * <p>Arguments: the helm binary, then optionally the number of timed renders (default 30).
 */
public final class RenderBench {

  private static final int WARMUP = 200;
  private static final int BLOCK = 10;

  public static void main(String[] args) throws Exception {
    Path helm = Path.of(args[0]);
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    Path project = Path.of(System.getProperty("user.dir"));
    Path charts = project.resolve("examples/charts");
    Plan plan = plan(project.resolve("../shared/fixtures/model-catalog").normalize(), charts);
    RenderRequest request = PlanCharts.request(plan, null);
    ChartRenderer renderer =
        new ChartRenderer(new ChartArchives(Files.createTempDirectory("bench-charts-")));

    String inProcessOut = "";
    for (int i = 0; i < WARMUP; i++) {
      inProcessOut = renderer.render(request);
    }
    List<String> command = helmCommand(helm, request);
    String subprocessOut = run(command);
    // Interleaved in short blocks, so load from anything else on the machine falls on both sides
    // alike, while neither side is timed in the wake of the other's process start and exit.
    long[] inProcess = new long[runs];
    long[] subprocess = new long[runs];
    for (int block = 0; block < runs; block += BLOCK) {
      for (int i = block; i < Math.min(block + BLOCK, runs); i++) {
        long start = System.nanoTime();
        renderer.render(request);
        inProcess[i] = System.nanoTime() - start;
      }
      for (int i = block; i < Math.min(block + BLOCK, runs); i++) {
        long start = System.nanoTime();
        run(command);
        subprocess[i] = System.nanoTime() - start;
      }
    }

    double in = median(inProcess) / 1e6;
    double out = median(subprocess) / 1e6;
    double inMin = Arrays.stream(inProcess).min().orElseThrow() / 1e6;
    double outMin = Arrays.stream(subprocess).min().orElseThrow() / 1e6;
    System.out.printf(
        "plan: %s %s/%s, chart %s (%d objects)%n",
        plan.source().model(),
        plan.source().version(),
        plan.source().variant(),
        request.chart().describe(),
        inProcessOut.split("\n---").length);
    System.out.printf("same manifest from both: %s%n", inProcessOut.equals(subprocessOut));
    System.out.printf(
        "in process (Helm 4 lib):   median %8.2f ms per render (%d runs after %d warm-up, interleaved in blocks of "
            + BLOCK
            + ")%n",
        in,
        runs,
        WARMUP);
    System.out.printf(
        "helm template subprocess:  median %8.2f ms per render (%d runs, %s)%n", out, runs, helm);
    System.out.printf(
        "fastest single render: in process %.2f ms, subprocess %.2f ms%n", inMin, outMin);
    System.out.printf("ratio of medians: in process is %.1fx faster%n", out / in);
  }

  private static Plan plan(Path catalogDir, Path charts) {
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
                .formatted(charts),
            "bench profile");
    Map<String, Object> form =
        Form.assemble(
            FormInput.of(Map.of("replicaCount", 2L)),
            variant.requires().accelerator().productLabel());
    return Composer.compose(
        EveryFixtureVariant.request(catalog, entry, variant, profile, form, "0.8.0"));
  }

  private static List<String> helmCommand(Path helm, RenderRequest request) throws IOException {
    Path dir = Files.createTempDirectory("bench-values-");
    ObjectMapper json = new ObjectMapper();
    List<String> command =
        new ArrayList<>(
            List.of(
                helm.toString(),
                "template",
                request.release(),
                request.chart().location(),
                "--namespace",
                request.namespace()));
    for (ValuesDocument doc : request.values()) {
      Path file = dir.resolve(doc.name() + ".yaml");
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

  private static double median(long[] samples) {
    long[] sorted = samples.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
  }
}
