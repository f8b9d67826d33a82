package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ExamplePlans;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chart-schema rule renders the plan through the example sglang chart, as helm would. */
class ChartSchemaRuleTest {
  @TempDir Path cache;

  private List<Problem> check(Plan plan) {
    return new ChartSchemaRule(new ChartRenderer(new ChartArchives(cache)), "")
        .check(Proposal.install(plan, null));
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
