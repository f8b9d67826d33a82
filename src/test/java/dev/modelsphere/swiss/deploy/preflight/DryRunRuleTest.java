package dev.modelsphere.swiss.deploy.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.ObjectRefusal;
import dev.modelsphere.swiss.kube.ServerDryRun.Finding;
import dev.modelsphere.swiss.kube.ServerDryRun.Outcome;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the dry-run rule says of each object the API server would not take. */
class DryRunRuleTest {
  private static final String SERVICE = "p-granite-3.3-8b-vllm-tp1-vllm";

  private final DryRunRule rule = new DryRunRule((plan, mode) -> List.of(), null);

  /** The Status the API server answers a Service whose name is no DNS-1035 label with. */
  private static Status invalidServiceName() {
    return new StatusBuilder()
        .withCode(422)
        .withReason("Invalid")
        .withMessage("Service \"" + SERVICE + "\" is invalid: metadata.name: Invalid value")
        .withNewDetails()
        .withKind("Service")
        .withName(SERVICE)
        .addNewCause()
        .withField("metadata.name")
        .withReason("FieldValueInvalid")
        .withMessage(
            "Invalid value: \""
                + SERVICE
                + "\": a DNS-1035 label must consist of lower case alphanumeric characters or '-'")
        .endCause()
        .endDetails()
        .build();
  }

  @Test
  void aRefusedObjectIsAnInvalidProblemOnItsFieldNamingTheObjectInTheApiServersWords() {
    List<ObjectRefusal> refusals = ObjectRefusal.of("Service/" + SERVICE, invalidServiceName());
    Finding refused = new Finding(Outcome.REFUSED, "v1", "Service", SERVICE, refusals);

    List<Problem> problems = rule.problems(refused, "models").toList();

    assertThat(problems).hasSize(1);
    Problem problem = problems.get(0);
    assertThat(problem.rule()).isEqualTo("dry-run");
    assertThat(problem.kind()).isEqualTo(ErrorKind.INVALID);
    assertThat(problem.field()).isEqualTo("metadata.name");
    assertThat(problem.message())
        .contains("Service/" + SERVICE + " in models")
        .contains("metadata.name")
        .contains("a DNS-1035 label must consist of lower case alphanumeric characters");
  }

  @Test
  void aRefusalWithoutCausesKeepsTheApiServersMessage() {
    Status status = new StatusBuilder().withCode(400).withMessage("strict decoding error").build();

    assertThat(ObjectRefusal.of("ModelRoute/chat", status))
        .containsExactly(new ObjectRefusal("ModelRoute/chat", "", "strict decoding error"));
  }

  @Test
  void aNameNoServiceCanHaveIsRefusedByNameInANamespaceNotYetMade() {
    Finding waiting = new Finding(Outcome.NAMESPACE_MISSING, "v1", "Service", SERVICE, List.of());

    List<Problem> problems = rule.problems(waiting, "new-ns").toList();

    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.kind()).isEqualTo(ErrorKind.INVALID);
              assertThat(p.field()).isEqualTo("metadata.name");
              assertThat(p.message()).contains("Service/" + SERVICE, "DNS-1035 label");
            });
  }

  @Test
  void aGoodNameInANamespaceNotYetMadeIsNoProblem() {
    Finding waiting =
        new Finding(Outcome.NAMESPACE_MISSING, "v1", "Service", "granite-3-3-8b-vllm", List.of());

    assertThat(rule.problems(waiting, "new-ns")).isEmpty();
  }

  @Test
  void aKindTheClusterDoesNotServeIsAConflictSayingToInstallItsCrd() {
    Finding missing =
        new Finding(
            Outcome.NOT_SERVED, "monitoring.coreos.com/v1", "ServiceMonitor", "chat", List.of());

    assertThat(rule.problems(missing, "models"))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(p.message()).contains("ServiceMonitor/chat", "install its CRD");
            });
  }

  @Test
  void aReportWithAnyInvalidProblemRefusesAsInvalidWhateverElseItHolds() {
    PreflightReport report =
        new PreflightReport(
            List.of(
                new Problem("gpu-fit", "gpuProducts", "no node fits"),
                new Problem("dry-run", "metadata.name", "refused", ErrorKind.INVALID)));

    assertThat(report.kind()).isEqualTo(ErrorKind.INVALID);
    assertThat(new PreflightReport(List.of(new Problem("gpu-fit", "", "no fit"))).kind())
        .isEqualTo(ErrorKind.CONFLICT);
  }
}
