package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.helm.SchemaViolation;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ExamplePlans;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chart-schema rule checks the plan's values against the example sglang chart's schema: values
 * it accepts pass without a render, a violation is rendered and reported in helm's words.
 */
class ChartSchemaRuleTest {
  @TempDir Path cache;

  private final AtomicInteger renders = new AtomicInteger();

  private List<Problem> check(Plan plan) {
    ChartRenderer renderer = new ChartRenderer(new ChartArchives(cache));
    PlanRenders counted =
        new PlanRenders(
            request -> {
              renders.incrementAndGet();
              return renderer.render(request);
            },
            renderer::digest);
    return new ChartSchemaRule(counted, new ValuesSchemaCheck(Optional.empty()), "")
        .check(Proposal.install(plan, null));
  }

  @Test
  void aPlanTheSchemaAcceptsPassesWithoutARender() {
    assertThat(check(ExamplePlans.sglang("qwen", "serving", "replicaCount: 2"))).isEmpty();
    assertThat(renders).as("renders").hasValue(0);
  }

  @Test
  void aViolationIsReportedInTheWordsOfHelmsOwnRender() {
    Plan plan = ExamplePlans.sglang("qwen", "serving", "replicaCount: -1");
    SchemaViolation helms =
        catchThrowableOfType(
            SchemaViolation.class,
            () -> new ChartRenderer(new ChartArchives(cache)).render(PlanCharts.request(plan, "")));
    String helmLine =
        helms
            .getMessage()
            .lines()
            .map(String::strip)
            .filter(line -> line.startsWith("- at '/replicaCount'"))
            .findFirst()
            .orElseThrow()
            .substring(2);

    assertThat(check(plan))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.message())
                    .isEqualTo(
                        "chart sglang's schema refuses the value at replicaCount (helm: %s): change it in the form or the edits, or in the catalog entry that sets it"
                            .formatted(helmLine)));
  }

  @Test
  void aPlanTheChartAcceptsPasses() {
    assertThat(check(ExamplePlans.sglang("qwen", "serving", "replicaCount: 2"))).isEmpty();
  }

  @Test
  void everyValueTheSchemaForbidsIsItsOwnProblemOnItsPath() {
    List<Problem> problems =
        check(ExamplePlans.sglang("qwen", "serving", "replicaCount: -1\nserviceId: 7"));

    assertThat(problems)
        .extracting(Problem::field)
        .containsExactlyInAnyOrder("replicaCount", "serviceId");
    assertThat(problems).allSatisfy(p -> assertThat(p.rule()).isEqualTo(ChartSchemaRule.NAME));
    assertThat(problems)
        .filteredOn(p -> p.field().equals("replicaCount"))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.message())
                    .contains("sglang")
                    .contains("replicaCount")
                    .contains("helm:"));
  }

  @Test
  void aChartThatCannotBeFoundIsAProblemOnTheChart() {
    Plan plan = ExamplePlans.sglang("qwen", "serving", "replicaCount: 1");
    Plan missing =
        plan.withChart(new ChartRef("sglang", "0.8.0", "", cache.resolve("nowhere").toString()));

    assertThat(check(missing))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.field()).isEqualTo("chart");
              assertThat(p.message()).contains("sglang 0.8.0");
            });
  }
}
