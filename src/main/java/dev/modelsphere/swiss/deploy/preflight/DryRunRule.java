package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.kube.KubeNames;
import dev.modelsphere.swiss.kube.ObjectRefusal;
import dev.modelsphere.swiss.kube.ServerDryRun;
import dev.modelsphere.swiss.kube.ServerDryRun.Finding;
import dev.modelsphere.swiss.plan.Plan;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The API server takes every object the write would send: each is sent first as a server-side dry
 * run ({@link ServerDryRun}), so what the API server would refuse (a name no Service can have, a
 * field its schema lacks, an admission policy's no) is refused before anything is written, in the
 * API server's words, naming the object and the field.
 *
 * <ul>
 *   <li>The objects are the ones the backend that will write the release sends: the helm backend's
 *       rendered manifest, or the LLMService itself.
 *   <li>An object the API server refuses is the request's to change (400).
 *   <li>A kind the cluster does not serve (its CRD is not installed) is the cluster's state (409):
 *       install the CRD, or turn off the value that renders the object.
 *   <li>In a namespace the plan will create, nothing can be tried yet (the API server answers "no
 *       such namespace"), so only the names are checked, by the rules the API server applies to
 *       them; anything else such an object gets wrong is refused by the write itself, still as a
 *       400.
 *   <li>A plan that does not render is the chart-schema rule's problem, not this one's.
 * </ul>
 */
public final class DryRunRule implements PreflightRule {
  public static final String NAME = "dry-run";

  /** The objects an apply of a plan sends, from the backend that would write it. */
  @FunctionalInterface
  public interface WrittenObjects {
    List<Map<String, Object>> of(Plan plan, Mode mode);
  }

  private final WrittenObjects objects;
  private final ServerDryRun dryRun;

  public DryRunRule(WrittenObjects objects, ServerDryRun dryRun) {
    this.objects = objects;
    this.dryRun = dryRun;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Problem> check(Proposal proposal) {
    Plan plan = proposal.plan();
    List<Map<String, Object>> sent;
    try {
      sent = objects.of(plan, proposal.mode());
    } catch (HelmException doesNotRender) {
      return List.of();
    } catch (DomainException unfit) {
      // A plan the backend cannot make objects of, refused as its write would refuse it.
      return List.of(problem(unfit.kind(), "", unfit.getMessage()));
    }
    String namespace = plan.release().namespace();
    return dryRun.apply(sent, namespace).stream()
        .flatMap(finding -> problems(finding, namespace))
        .toList();
  }

  /** What one object the dry run did not pass means for the write. */
  Stream<Problem> problems(Finding finding, String namespace) {
    return switch (finding.outcome()) {
      case REFUSED -> finding.refusals().stream().map(r -> refused(r, namespace));
      case NOT_SERVED ->
          Stream.of(
              problem(
                  ErrorKind.CONFLICT,
                  "",
                  ("%s (%s): this cluster serves no %s, so the API server would refuse it: install"
                          + " its CRD, or turn off the value that renders it")
                      .formatted(finding.object(), finding.apiVersion(), finding.kind())));
      case NAMESPACE_MISSING ->
          KubeNames.objectNameProblem(finding.kind(), finding.name()).stream()
              .map(
                  why ->
                      problem(
                          ErrorKind.INVALID,
                          "metadata.name",
                          "%s in %s: the API server would refuse its metadata.name: %s; %s"
                              .formatted(finding.object(), namespace, why, ADVICE)));
      case FORBIDDEN ->
          Stream.of(
              problem(
                  ErrorKind.FORBIDDEN,
                  "",
                  ("%s in %s: swiss may not write it (%s): grant swiss's account the right, or"
                          + " deploy where it has it")
                      .formatted(
                          finding.object(),
                          namespace,
                          ObjectRefusal.describe(finding.refusals()))));
    };
  }

  private static final String ADVICE =
      "change what names or sets it (the release name or service id, the form, the edits) and plan"
          + " again";

  /** One refusal, naming the object and the field in the API server's words. */
  private Problem refused(ObjectRefusal refusal, String namespace) {
    String field = refusal.field().isEmpty() ? "" : " its " + refusal.field();
    return problem(
        ErrorKind.INVALID,
        refusal.field(),
        "%s in %s: the API server refuses%s: %s; %s"
            .formatted(refusal.object(), namespace, field, refusal.message(), ADVICE));
  }
}
