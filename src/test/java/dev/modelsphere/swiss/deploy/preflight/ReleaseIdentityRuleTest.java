package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ExamplePlans;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The release-identity rule over release names held where the test says. */
class ReleaseIdentityRuleTest {
  private static final Plan QWEN_IN_SERVING =
      ExamplePlans.sglang("qwen", "serving", "replicaCount: 1");

  private static ReleaseHolders holding(Map<String, List<String>> namespacesByRelease) {
    return release -> namespacesByRelease.getOrDefault(release, List.of());
  }

  private static List<Problem> check(
      List<String> granted, ReleaseHolders holders, Proposal proposal) {
    return new ReleaseIdentityRule(granted, holders).check(proposal);
  }

  @Test
  void anInstallWhoseNameIsTakenInAnotherNamespaceNamesTheReleaseThere() {
    List<Problem> problems =
        check(
            List.of(),
            holding(Map.of("qwen", List.of("research", "staging"))),
            Proposal.install(QWEN_IN_SERVING, null));

    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.rule()).isEqualTo(ReleaseIdentityRule.NAME);
              assertThat(p.field()).isEqualTo("release");
              assertThat(p.message()).contains("research/qwen, staging/qwen");
            });
  }

  @Test
  void anInstallWhoseNameIsFreeOrHeldOnlyInItsOwnNamespacePasses() {
    assertThat(check(List.of(), holding(Map.of()), Proposal.install(QWEN_IN_SERVING, null)))
        .isEmpty();
    assertThat(
            check(
                List.of(),
                holding(Map.of("qwen", List.of("serving"))),
                Proposal.install(QWEN_IN_SERVING, null)))
        .isEmpty();
  }

  @Test
  void anUpgradeKeepsTheNameItAlreadyHas() {
    assertThat(
            check(
                List.of(),
                holding(Map.of("qwen", List.of("research", "serving"))),
                Proposal.upgrade(QWEN_IN_SERVING, null)))
        .isEmpty();
  }

  @Test
  void aNamespaceTheServerWasNotGrantedIsAProblemOnTheNamespaceNamingTheGrantedOnes() {
    List<Problem> problems =
        check(
            List.of("prod", "staging"), holding(Map.of()), Proposal.upgrade(QWEN_IN_SERVING, null));

    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.field()).isEqualTo("namespace");
              assertThat(p.message()).contains("serving").contains("prod, staging");
            });
  }

  @Test
  void aGrantedNamespaceOrNoGrantListAtAllPasses() {
    assertThat(
            check(List.of("serving"), holding(Map.of()), Proposal.install(QWEN_IN_SERVING, null)))
        .isEmpty();
    assertThat(check(List.of(), holding(Map.of()), Proposal.install(QWEN_IN_SERVING, null)))
        .isEmpty();
  }

  @Test
  void bothProblemsOfOneInstallAreReportedTogether() {
    assertThat(
            check(
                List.of("prod"),
                holding(Map.of("qwen", List.of("prod"))),
                Proposal.install(QWEN_IN_SERVING, null)))
        .extracting(Problem::field)
        .containsExactly("namespace", "release");
  }
}
