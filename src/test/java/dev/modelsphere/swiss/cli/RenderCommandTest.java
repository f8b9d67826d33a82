package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.testing.ExamplePlans;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** swiss render needs no cluster: it renders the plan's chart in process. */
class RenderCommandTest {

  @TempDir Path dir;

  @Test
  void renderPrintsThePlansManifest() throws IOException {
    Path file = planFile(new ChartRef("vllm", "0.8.0", "", TestCharts.exampleCharts().toString()));

    Run render = render("--plan", file.toString());

    assertThat(render.exit).as(render.err).isZero();
    assertThat(render.out)
        .contains("kind: Deployment", "kind: Service", "replicas: 3", "name: qwen-vllm");
  }

  @Test
  void aPlanThatNamesNoChartSourceRendersFromTheChartRoot() throws IOException {
    Path file = planFile(new ChartRef("sglang", "0.8.0", "", ""));

    Run with =
        render("--plan", file.toString(), "--chart-root", TestCharts.exampleCharts().toString());

    assertThat(with.exit).as(with.err).isZero();
    assertThat(with.out).contains("name: qwen-sglang");
  }

  @Test
  void aPlanNamingBothAChartRepositoryAndAChartPathRendersFromThePath() throws IOException {
    String unreachableRepo = "http://127.0.0.1:9/charts";
    Path file =
        planFile(
            new ChartRef("vllm", "0.8.0", unreachableRepo, TestCharts.exampleCharts().toString()));

    Run render = render("--plan", file.toString());

    assertThat(render.exit).as(render.err).isZero();
    assertThat(render.out).contains("name: qwen-vllm");
  }

  @Test
  void withoutAChartRootRenderLooksInTheChartsBesideTheCheckout() throws IOException {
    assertThat(System.getenv("SWISS_CHART_ROOT"))
        .as("this test needs $SWISS_CHART_ROOT unset")
        .isNull();
    Path file = planFile(new ChartRef("sglang", "0.8.0", "", ""));

    Run without = render("--plan", file.toString());

    assertThat(without.exit).isEqualTo(1);
    Path sibling = Path.of("").toAbsolutePath().getParent().resolve("charts").resolve("sglang");
    assertThat(without.err).contains(sibling.toString()).contains("not found");
  }

  @Test
  void aPlanFileWinsOverComposeFlags() throws IOException {
    Path file = planFile(new ChartRef("vllm", "0.8.0", "", TestCharts.exampleCharts().toString()));

    Run render = render("--plan", file.toString(), "--model", "another-model", "--set", "a=b");

    assertThat(render.exit).as(render.err).isZero();
    assertThat(render.out).contains("name: qwen-vllm");
  }

  @Test
  void aPlanFileCannotBeCombinedWithCreateNamespace() throws IOException {
    Path file = planFile(new ChartRef("vllm", "0.8.0", "", TestCharts.exampleCharts().toString()));

    Run render = render("--plan", file.toString(), "--create-namespace");

    assertThat(render.exit).isEqualTo(1);
    assertThat(render.err).contains("--create-namespace", "recompose");
  }

  private Path planFile(ChartRef chart) throws IOException {
    Plan plan = ExamplePlans.plan("qwen", "models", "replicaCount: 3", chart, false);
    Path file = dir.resolve("plan.json");
    Files.writeString(file, PlanJson.toJson(plan));
    return file;
  }

  private static Run render(String... args) {
    CommandLine cli = new CommandLine(new RenderCommand());
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          cmd.getErr().println("swiss: " + e.getMessage());
          return 1;
        });
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int exit = cli.execute(args);
    cli.getErr().flush();
    return new Run(exit, out.toString(), err.toString());
  }

  private record Run(int exit, String out, String err) {}
}
