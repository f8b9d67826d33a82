package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.modelsphere.swiss.deploy.PlanInput;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.approval.ApprovalAsk;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.server.OpenApiContract;
import dev.modelsphere.swiss.server.api.ApplyRequest;
import dev.modelsphere.swiss.server.api.PlanRequest;
import dev.modelsphere.swiss.server.api.RollbackRequest;
import dev.modelsphere.swiss.server.routes.ApprovalRoutes;
import dev.modelsphere.swiss.server.routes.SessionRoutes;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParseResult;

/**
 * What the command line sends through a server is the request record its route decodes, written
 * with exactly the members the user's flags set: each body names only members docs/openapi.yaml
 * documents for that route (a member the route does not know is silently dropped there, so a
 * renamed record field or a misspelt member fails here), and decodes, member for member, into the
 * record the route reads.
 */
class ServerRequestsTest {
  /** The route's record, read strictly: a member it does not have fails the read. */
  private static final JsonMapper ROUTE =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private static final ReleaseRef RELEASE = new ReleaseRef("r", "ns");

  /** The command object picocli fills from {@code args}, not run. */
  private static <T> T parsed(Class<T> type, String... args) {
    ParseResult parsed = Main.commandLine().parseArgs(args);
    while (parsed.hasSubcommand()) {
      parsed = parsed.subcommand();
    }
    return type.cast(parsed.commandSpec().userObject());
  }

  /** The body as sent, after checking it against the route's documented request. */
  private static String sent(String method, String route, Object request) {
    String json = SwissApi.body(request);
    assertThat(OpenApiContract.get().requestProblems(method, route, json)).as(json).isEmpty();
    return json;
  }

  private static JsonNode tree(String json) throws IOException {
    return ROUTE.readTree(json);
  }

  @Test
  void aPlanRequestSendsTheFlagsGivenEverySetValueAndNothingUnset() throws IOException {
    PlanCommand plan =
        parsed(
            PlanCommand.class,
            "plan",
            "--model",
            "m",
            "--release",
            "r",
            "--namespace",
            "ns",
            "--chart-version",
            "1.2.3",
            "--set",
            "replicas=0",
            "--set",
            "debug=false",
            "--set",
            "gone=null",
            "--set",
            "a.b=x",
            "--create-namespace");

    String json = sent("POST", "/api/plans", plan.compose.planRequest());

    assertThat(tree(json))
        .isEqualTo(
            tree(
                """
                {"model": "m", "release": "r", "namespace": "ns", "chartVersion": "1.2.3",
                 "createNamespace": true,
                 "overrides": {"replicas": 0, "debug": false, "gone": null, "a": {"b": "x"}}}
                """));
    PlanRequest decoded = ROUTE.readValue(json, PlanRequest.class);
    assertThat(decoded.model()).isEqualTo("m");
    assertThat(decoded.createNamespace()).isTrue();
  }

  @Test
  void aDiffThroughAServerNamesTheStoredPlanAlone() throws IOException {
    String json = sent("POST", "/api/diff", PlanRequest.of(PlanInput.ofStoredPlan("sha256:plan")));

    assertThat(tree(json)).isEqualTo(tree("{\"planHash\": \"sha256:plan\"}"));
  }

  @Test
  void anApplySendsItsFlagsAsTheApplyRequestTheRouteReads() throws IOException {
    ApplyCommand apply =
        parsed(
            ApplyCommand.class,
            "apply",
            "--model",
            "m",
            "--expect-revision",
            "3",
            "--note",
            "why",
            "--expect-chart-digest",
            "sha256:chart",
            "--force-conflicts");
    ApplyRequest request = apply.write.requestFor("sha256:plan", apply.forceConflicts, false);

    String json = sent("POST", "/api/apply", request);

    assertThat(ROUTE.readValue(json, ApplyRequest.class))
        .isEqualTo(new ApplyRequest("sha256:plan", 3, "why", true, false, "sha256:chart"));
    String ask = sent("POST", "/api/approvals", ApprovalAsks.ofPlan(RELEASE, request, "apply"));
    assertThat(tree(ask))
        .isEqualTo(
            tree(
                """
                {"action": "apply", "namespace": "ns", "release": "r", "planHash": "sha256:plan",
                 "chartDigest": "sha256:chart", "forceConflicts": true, "note": "why"}
                """));
  }

  @Test
  void anAdoptionSendsAdoptAndNoRevisionBelowOneAndAsksForAnApprovalWithoutFlags()
      throws IOException {
    InstallCommand install =
        parsed(
            InstallCommand.class,
            "install",
            "--model",
            "m",
            "--adopt",
            "--expect-revision",
            "-1",
            "--expect-chart-digest",
            "sha256:chart");
    ApplyRequest request = install.write.requestFor("sha256:plan", false, install.adopt);

    String json = sent("POST", "/api/install", request);

    assertThat(tree(json))
        .isEqualTo(
            tree(
                """
                {"planHash": "sha256:plan", "adopt": true, "expectChartDigest": "sha256:chart"}
                """));
    String ask = sent("POST", "/api/approvals", ApprovalAsks.ofPlan(RELEASE, request, "adopt"));
    assertThat(tree(ask))
        .isEqualTo(
            tree(
                """
                {"action": "adopt", "namespace": "ns", "release": "r", "planHash": "sha256:plan"}
                """));
  }

  @Test
  void aRollbackSendsBothRevisionsAndItsForceAndAsksForExactlyThatRollback() throws IOException {
    RollbackCommand rollback =
        parsed(
            RollbackCommand.class,
            "rollback",
            "--release",
            "r",
            "--namespace",
            "ns",
            "--to-revision",
            "2",
            "--expect-revision",
            "5",
            "--force-chart");

    String json = sent("POST", "/api/releases/{namespace}/{release}/rollback", rollback.request());

    assertThat(ROUTE.readValue(json, RollbackRequest.class).rollback())
        .isEqualTo(new Rollback(2, 5, "", true));
    String ask =
        sent("POST", "/api/approvals", ApprovalAsks.ofRollback(RELEASE, rollback.request()));
    assertThat(tree(ask))
        .isEqualTo(
            tree(
                """
                {"action": "rollback", "namespace": "ns", "release": "r", "toRevision": 2,
                 "forceChart": true}
                """));
    assertThat(tree(sent("POST", "/api/approvals", ApprovalAsks.ofUninstall(RELEASE))))
        .isEqualTo(tree("{\"action\": \"uninstall\", \"namespace\": \"ns\", \"release\": \"r\"}"));
  }

  @Test
  void anApprovalAskedByHandAndItsDecisionAreTheRecordsTheRoutesRead() throws IOException {
    ApprovalsCommand.Request request =
        parsed(
            ApprovalsCommand.Request.class,
            "approvals",
            "request",
            "--action",
            "install",
            "--namespace",
            "ns",
            "--release",
            "r",
            "--plan-hash",
            "sha256:plan",
            "--chart-digest",
            "sha256:chart",
            "--note",
            "first model");

    String json = sent("POST", "/api/approvals", request.ask());

    assertThat(ROUTE.readValue(json, ApprovalAsk.class))
        .isEqualTo(
            new ApprovalAsk(
                "install",
                "ns",
                "r",
                "sha256:plan",
                0,
                "",
                "sha256:chart",
                false,
                false,
                "first model"));
    ApproveCommand noted = parsed(ApproveCommand.class, "approve", "7", "--note", "looks right");
    assertThat(
            ROUTE.readValue(
                sent("POST", "/api/approvals/{id}/approve", noted.decision()),
                ApprovalRoutes.Decision.class))
        .isEqualTo(new ApprovalRoutes.Decision("looks right"));
    ApproveCommand bare = parsed(ApproveCommand.class, "approve", "7", "--reject");
    assertThat(sent("POST", "/api/approvals/{id}/reject", bare.decision())).isEqualTo("{}");
    assertThat(tree(sent("POST", "/api/login", new SessionRoutes.Attempt("alice", "secret"))))
        .isEqualTo(tree("{\"username\": \"alice\", \"password\": \"secret\"}"));
  }
}
