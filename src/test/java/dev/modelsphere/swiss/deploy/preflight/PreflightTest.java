package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.testing.ExamplePlans;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Preflight runs every rule and answers everything they found in one report. */
class PreflightTest {
  private static final Proposal PROPOSAL =
      Proposal.install(ExamplePlans.sglang("qwen", "serving", "replicaCount: 1"), null);

  /** A rule that answers what {@code findings} gives, or throws what it throws. */
  private record StubRule(String name, Supplier<List<String>> findings) implements PreflightRule {
    @Override
    public List<Problem> check(Proposal proposal) {
      return findings.get().stream().map(m -> problem("field-" + name, m)).toList();
    }
  }

  private static PreflightRule rule(String name, List<String> messages) {
    return new StubRule(name, () -> messages);
  }

  private static PreflightRule unreachable(String name) {
    return new StubRule(
        name,
        () -> {
          throw new KubeException("list plan configmaps in the cluster scope: connection refused");
        });
  }

  @Test
  void everyProblemOfEveryRuleIsReportedAtOnceInRuleOrder() {
    Preflight preflight =
        new Preflight(
            List.of(
                rule("first", List.of("a", "b")),
                rule("clean", List.of()),
                rule("last", List.of("c"))));

    PreflightReport report = preflight.check(PROPOSAL);

    assertThat(report.ok()).isFalse();
    assertThat(report.problems())
        .containsExactly(
            new Problem("first", "field-first", "a"),
            new Problem("first", "field-first", "b"),
            new Problem("last", "field-last", "c"));
  }

  @Test
  void aPlanNoRuleObjectsToPasses() {
    PreflightReport report = new Preflight(List.of(rule("clean", List.of()))).check(PROPOSAL);

    assertThat(report.ok()).isTrue();
    assertThat(report.problems()).isEmpty();
  }

  @Test
  void aRuleThatCannotReadTheClusterReportsThatItCouldNotCheckAndTheOthersStillRun() {
    PreflightReport report =
        new Preflight(List.of(unreachable("route-collision"), rule("next", List.of("x"))))
            .check(PROPOSAL);

    assertThat(report.problems()).hasSize(2);
    Problem couldNot = report.problems().get(0);
    assertThat(couldNot.rule()).isEqualTo("route-collision");
    assertThat(couldNot.message())
        .contains("could not check route-collision")
        .contains("connection refused");
    assertThat(report.problems().get(1).rule()).isEqualTo("next");
  }

  @Test
  void theReportIsJsonWithOkAndTheProblemsRuleFieldAndMessage() throws Exception {
    ObjectMapper json = new ObjectMapper();
    PreflightReport report =
        new PreflightReport(List.of(new Problem("service-id", "serviceId", "taken")));

    String text = json.writeValueAsString(report);

    assertThat(text)
        .isEqualTo(
            "{\"ok\":false,\"problems\":[{\"rule\":\"service-id\",\"field\":\"serviceId\",\"message\":\"taken\"}]}");
    assertThat(json.writeValueAsString(PreflightReport.passed()))
        .isEqualTo("{\"ok\":true,\"problems\":[]}");
    assertThat(json.readValue(text, PreflightReport.class)).isEqualTo(report);
  }

  @Test
  void theSummaryOfARefusalNamesEveryProblem() {
    PreflightReport report =
        new PreflightReport(
            List.of(new Problem("a", "", "first thing"), new Problem("b", "x", "second thing")));

    assertThat(report.summary())
        .contains("2 problem(s)")
        .contains("a: first thing")
        .contains("b: second thing");
    assertThat(report.warnings()).containsExactly("a: first thing", "b: second thing");
  }
}
