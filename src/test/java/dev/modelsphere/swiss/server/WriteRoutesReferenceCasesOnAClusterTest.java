package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.Secret;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference's test cases for the write routes (server.md §11: upgrade, rollback, note, scaling,
 * uninstall), each over HTTP against the test cluster with the demo catalog and charts.
 */
@ClusterTest
class WriteRoutesReferenceCasesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "mistral-small-24b";
  private static final String RELEASE = "r";

  @TempDir Path dir;
  private TestServer server;

  @BeforeEach
  void start() {
    server = TestServer.onDemoSite(dir, cluster, TestServer.DEPLOYING_WITHOUT_LOGIN);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private TestServer.Reply post(String path, String body) {
    return server.post(path, body);
  }

  private JsonNode ok(String path, String body) {
    return post(path, body).ok();
  }

  /** Composes version 1.0.0 of the model as release {@value #RELEASE} with these fields. */
  private JsonNode plan(String fields) {
    return ok(
        "/api/plans",
        "{\"model\": \"%s\", \"version\": \"1.0.0\", \"namespace\": \"%s\", \"release\": \"%s\"%s}"
            .formatted(MODEL, cluster.namespace(), RELEASE, fields));
  }

  private JsonNode upgrade(String fields) {
    return ok(
        "/api/plans",
        "{\"fromRelease\": \"%s\", \"namespace\": \"%s\"%s}"
            .formatted(RELEASE, cluster.namespace(), fields));
  }

  private int install(JsonNode plan) {
    return ok("/api/install", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()))
        .path("revision")
        .asInt();
  }

  private String release() {
    return "/api/releases/%s/%s".formatted(cluster.namespace(), RELEASE);
  }

  private JsonNode runs() {
    return TestServer.json(server.get("/api/runs?release=" + RELEASE).body()).path("runs");
  }

  @Test
  void upgradeFormValuesWinAndValuesTheFormDoesNotCoverSurvive() {
    install(
        plan(
            ", \"serviceId\": \"svc\", \"overrides\": {\"replicaCount\": 3,"
                + " \"priorityClassName\": \"gold\"}"));

    JsonNode form = upgrade(", \"overrides\": {\"replicaCount\": 5}").path("layers").path("form");

    assertThat(form.path("replicaCount").asInt()).isEqualTo(5);
    assertThat(form.path("priorityClassName").asText()).isEqualTo("gold");
    assertThat(form.path("serviceId").asText()).isEqualTo("svc");
  }

  @Test
  void aRenamedReleaseOnAnUpgradeIsIgnoredAndAMismatchedNamespaceIsRefused() {
    install(plan(""));

    JsonNode renamed = upgrade(", \"release\": \"other\", \"overrides\": {}");
    TestServer.Reply elsewhere =
        post("/api/plans", "{\"fromRelease\": \"%s\", \"namespace\": \"nope\"}".formatted(RELEASE));

    assertThat(renamed.path("release").path("name").asText()).isEqualTo(RELEASE);
    assertThat(elsewhere.status()).isEqualTo(400);
    assertThat(TestServer.json(elsewhere.body()).path("error").asText()).contains(RELEASE, "nope");
  }

  @Test
  void aServiceIdCannotChangeOnAnUpgrade() {
    install(plan(", \"serviceId\": \"svc\""));

    TestServer.Reply changed =
        post(
            "/api/plans",
            ("{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"serviceId\": \"other\","
                    + " \"overrides\": {\"replicaCount\": 1}}")
                .formatted(RELEASE, cluster.namespace()));

    assertThat(changed.status()).isEqualTo(400);
    assertThat(TestServer.json(changed.body()).path("error").asText())
        .contains("\"svc\"", "\"other\"");
  }

  @Test
  void aBareUpgradeCarriesTheEditsAndAnUpgradeFormWithoutEditsClearsThem() {
    install(plan(", \"editsYAML\": \"podLabels: {edited: yes}\""));

    JsonNode bare = upgrade("");
    JsonNode form = upgrade(", \"overrides\": {\"replicaCount\": 2}");

    assertThat(bare.path("layers").path("edit").path("podLabels").path("edited").asText())
        .isEqualTo("yes");
    assertThat(form.path("layers").has("edit")).isFalse();
  }

  @Test
  void anUpgradeWithEmptyOverridesIsBareAsInTheReference() {
    install(
        plan(
            ", \"serviceId\": \"svc\", \"overrides\": {\"replicaCount\": 3},"
                + " \"editsYAML\": \"podLabels: {edited: yes}\""));

    JsonNode empty =
        upgrade(
            ", \"overrides\": {}, \"serviceId\": \"other\", \"localPath\": \"/elsewhere\","
                + " \"editsYAML\": \"podLabels: {edited: no}\"");

    assertThat(empty.path("layers").path("edit").path("podLabels").path("edited").asText())
        .as("a bare upgrade carries the deployed edits and ignores the request's")
        .isEqualTo("yes");
    assertThat(empty.path("layers").path("form").path("replicaCount").asInt()).isEqualTo(3);
    assertThat(empty.path("layers").path("form").path("serviceId").asText())
        .as("a bare upgrade ignores serviceId instead of refusing it")
        .isEqualTo("svc");
    assertThat(empty.path("layers").path("form").path("model").path("localPath").isMissingNode())
        .isTrue();
  }

  @Test
  void theScalerOnDropsReplicaCountAndAnUpgradeTurningItOnDoesNotResurrectIt() {
    JsonNode scaled =
        plan(", \"overrides\": {\"replicaCount\": 4, \"scaler\": {\"enabled\": true}}");
    assertThat(scaled.path("layers").path("form").has("replicaCount")).isFalse();
    JsonNode fixed = plan(", \"overrides\": {\"replicaCount\": 4}");
    assertThat(fixed.path("layers").path("form").path("replicaCount").asInt()).isEqualTo(4);
    install(fixed);

    JsonNode turnedOn = upgrade(", \"overrides\": {\"scaler\": {\"enabled\": true}}");

    assertThat(turnedOn.path("layers").path("form").has("replicaCount")).isFalse();
  }

  @Test
  void aRollbackNoteIsRecordedInItsRunAndBesideTheRelease() {
    install(plan(", \"overrides\": {\"replicaCount\": 1}"));
    JsonNode second = plan(", \"overrides\": {\"replicaCount\": 2}");
    ok(
        "/api/apply",
        "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second.path("hash").asText()));

    ok(
        release() + "/rollback",
        "{\"toRevision\": 1, \"expectRevision\": 2, \"note\": \"back to one\"}");

    JsonNode run = runs().path(0);
    assertThat(run.path("action").asText()).isEqualTo("rollback");
    assertThat(run.path("note").asText()).isEqualTo("back to one");
    assertThat(run.path("revision").asInt()).isEqualTo(3);
    String status =
        cluster
            .kube()
            .configMap(cluster.namespace(), PlanConfigMapName.of(RELEASE).toString())
            .orElseThrow()
            .get(PlanStatus.FILE);
    assertThat(PlanStatus.parse(status).note()).isEqualTo("back to one");
  }

  @Test
  void aRevisionDiffComparesTheArchivedPlanAndWritesNothing() {
    install(plan(", \"overrides\": {\"replicaCount\": 1}"));
    JsonNode second = plan(", \"overrides\": {\"replicaCount\": 2}");
    ok(
        "/api/apply",
        "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second.path("hash").asText()));
    String before = objects();

    JsonNode diff = ok(release() + "/revisions/1/diff", "");
    TestServer.Reply unknown = post(release() + "/revisions/9/diff", "");

    assertThat(diff.path("toRevision").asInt()).isEqualTo(1);
    assertThat(diff.path("revision").asInt()).isEqualTo(2);
    assertThat(diff.path("changed").asBoolean()).isTrue();
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(objects()).as("no ConfigMap or Secret was written").isEqualTo(before);
  }

  @Test
  void aTamperedArchiveIsNotRolledBackTo() {
    install(plan(", \"overrides\": {\"replicaCount\": 1}"));
    JsonNode second = plan(", \"overrides\": {\"replicaCount\": 2}");
    ok(
        "/api/apply",
        "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second.path("hash").asText()));
    cluster
        .admin()
        .secrets()
        .inNamespace(cluster.namespace())
        .withName(PlanArchive.secretName(RELEASE, 1))
        .edit(
            secret -> {
              secret
                  .getData()
                  .put(
                      "form.yaml",
                      Base64.getEncoder()
                          .encodeToString("replicaCount: 9\n".getBytes(StandardCharsets.UTF_8)));
              return secret;
            });

    TestServer.Reply refused =
        post(release() + "/rollback", "{\"toRevision\": 1, \"expectRevision\": 2}");

    assertThat(refused.status()).isEqualTo(404);
    assertThat(TestServer.json(refused.body()).path("error").asText()).contains("revision 1");
    assertThat(runs()).as("a refused rollback is not recorded").hasSize(2);
  }

  /**
   * The reference uninstalls a release swiss does not manage; swiss keeps its hands off one until
   * it is adopted (the threat model's unmanaged releases), and the refusal changes nothing.
   */
  @Test
  void anUntrackedReleaseIsNotUninstalledUntilAdoptedAndNothingIsWritten() {
    HelmSecrets.store(cluster.kube(), cluster.namespace(), RELEASE, 1, "deployed");
    String before = objects();

    TestServer.Reply refused = server.delete(release());

    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(refused.body()).contains("adopt");
    assertThat(objects()).isEqualTo(before);
    assertThat(runs()).isEmpty();
  }

  /** Every ConfigMap and Secret in the namespace with its resourceVersion. */
  private String objects() {
    StringBuilder out = new StringBuilder();
    cluster.admin().configMaps().inNamespace(cluster.namespace()).list().getItems().stream()
        .map(c -> c.getMetadata().getName() + "@" + c.getMetadata().getResourceVersion())
        .sorted()
        .forEach(line -> out.append(line).append('\n'));
    for (Secret s : cluster.admin().secrets().inNamespace(cluster.namespace()).list().getItems()) {
      out.append(s.getMetadata().getName())
          .append('@')
          .append(s.getMetadata().getResourceVersion())
          .append('\n');
    }
    return out.toString();
  }
}
