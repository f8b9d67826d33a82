package dev.modelsphere.swiss.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.OciRegistryServer;
import dev.modelsphere.swiss.helm.ChartLocation;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.helm.ValuesDocument;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.PostgresServer;
import dev.modelsphere.swiss.testing.ReconcilingOperatorSimulation;
import dev.modelsphere.swiss.testing.ServiceAccountLogin;
import dev.modelsphere.swiss.testing.SimulatedSloServer;
import dev.modelsphere.swiss.values.Yaml;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.authorization.v1.ResourceRule;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReviewBuilder;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSliceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * swiss installed by charts/swiss and run the way its pod runs it: the config from the chart's
 * ConfigMap, the login from its Secret, and a token of its ServiceAccount (TokenRequest), not the
 * admin's. What the chart grants is what the server can do; the API server refuses the rest.
 *
 * <p>Simulated: the pod itself (the local cluster's nodes run no containers), so the server runs in
 * this JVM with the pod's config, credentials and identity.
 */
@ClusterTest
class SwissInstalledByItsChartOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String CHART_RELEASE = "swiss";
  private static final String MODEL = "mistral";

  @TempDir Path dir;
  private HelmReleases helm;
  private String home;
  private final List<TestServer> servers = new ArrayList<>();
  private final List<KubernetesClient> clients = new ArrayList<>();

  @AfterEach
  void uninstall() {
    servers.forEach(TestServer::close);
    clients.forEach(KubernetesClient::close);
    if (helm != null) {
      // The chart's ClusterRoles and their bindings outlive the test's namespaces otherwise.
      helm.uninstall(home, CHART_RELEASE);
    }
  }

  @Test
  void aDeployingSwissDoesWhatItsGrantsAllowInTheListedNamespacesAndNothingElsewhere()
      throws IOException {
    home = cluster.namespace();
    String models = cluster.otherNamespace("models");
    String canary = cluster.otherNamespace("canary");
    String unlisted = cluster.otherNamespace("unlisted");
    // GPU use over every node needs pods read everywhere: the values ask for it.
    String values = valuesWithRbac("nodeGPUUsage: true", "allowDeploy: true", models, canary);
    install(values);
    Map<String, String> login = authSecret();
    install(values);
    assertThat(authSecret()).as("an upgrade keeps the generated login").isEqualTo(login);
    writeProfile(models, "chartPath: " + TestCharts.exampleCharts());

    TestServer server = serve();
    String[] bearer = bearer(server, login);

    assertThat(server.get("/readyz").status()).isEqualTo(200);
    assertThat(server.get("/api/deployments", bearer).ok().path("deployments")).isEmpty();
    assertThat(server.get("/api/catalog", bearer).ok().toString()).contains("mistral-small-24b");
    JsonNode nodes = server.get("/api/nodes", bearer).ok();
    assertThat(nodes.toString()).contains("nvidia.com/gpu");

    String release = "/api/releases/%s/%s".formatted(models, MODEL);
    String first =
        server.planHash(
            "{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\", \"namespace\": \"%s\","
                    .formatted(models)
                + " \"serviceId\": \"%s\"}".formatted(MODEL),
            bearer);
    assertThat(
            server
                .post("/api/install", "{\"planHash\": \"%s\"}".formatted(first), bearer)
                .ok()
                .path("revision")
                .asInt())
        .isEqualTo(1);
    assertThat(server.get(release + "/status", bearer).ok().path("exists").asBoolean()).isTrue();
    // GPUs held by a pod in a namespace swiss has no Role in: counted through the chart's
    // cluster-wide pod grant (rbac.nodeGPUUsage), as GPU use is a fact of the node.
    holdGpus(unlisted, 3);
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              JsonNode report = server.get("/api/nodes", bearer).ok();
              assertThat(report.path("usageError").asText()).isEmpty();
              int used = 0;
              for (JsonNode node : report.path("nodes")) {
                used += node.path("gpusUsed").asInt();
              }
              // The 3 held by hand, and the 2 the model's variant (vllm-tp2) asks for.
              assertThat(used).as("GPUs in use over every node").isEqualTo(3 + 2);
            });
    String upgrade =
        server.planHash(
            "{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"version\": \"1.1.0\"}"
                .formatted(MODEL, models),
            bearer);
    assertThat(
            server
                .post(
                    "/api/apply",
                    "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(upgrade),
                    bearer)
                .ok()
                .path("revision")
                .asInt())
        .isEqualTo(2);
    assertThat(
            server
                .post(release + "/rollback", "{\"toRevision\": 1, \"expectRevision\": 2}", bearer)
                .ok()
                .path("revision")
                .asInt())
        .isEqualTo(3);
    assertThat(server.get("/api/deployments", bearer).ok().path("deployments"))
        .extracting(row -> row.path("release").asText())
        .containsExactly(MODEL);
    assertThat(server.delete(release, bearer).status()).isEqualTo(200);
    assertThat(cluster.admin().apps().deployments().inNamespace(models).list().getItems())
        .isEmpty();

    KubernetesClient account = accountClient();
    assertThatThrownBy(() -> account.secrets().inNamespace(unlisted).list())
        .isInstanceOfSatisfying(
            KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(403));
    String elsewhere =
        server.planHash(
            "{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\", \"namespace\": \"%s\","
                    .formatted(unlisted)
                + " \"serviceId\": \"%s\"}".formatted(MODEL),
            bearer);
    TestServer.Reply refused =
        server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(elsewhere), bearer);
    assertThat(refused.status()).as(refused.body()).isEqualTo(403);
    assertThat(refused.body()).contains(unlisted, "rbac.namespaces");
    assertThat(cluster.admin().configMaps().inNamespace(unlisted).list().getItems())
        .noneMatch(c -> c.getMetadata().getName().startsWith("swiss-"));
    assertThat(cluster.admin().secrets().inNamespace(unlisted).list().getItems()).isEmpty();
    assertThat(cluster.admin().leases().inNamespace(unlisted).list().getItems()).isEmpty();
    TestServer.Reply unreadable =
        server.get("/api/releases/%s/%s/revisions".formatted(unlisted, MODEL), bearer);
    assertThat(unreadable.status()).as(unreadable.body()).isEqualTo(403);
    assertThat(unreadable.body()).contains("forbidden", "rbac.namespaces");
  }

  @Test
  void withBothBackendsGrantedAnLlmServiceIsDeployedThroughItsOperator() throws IOException {
    home = cluster.namespace();
    String models = cluster.otherNamespace("models");
    String canary = cluster.otherNamespace("canary");
    String values = values("allowDeploy: true, applyWith: llmsvc", models, canary);
    install(values);
    // The LLMService CRD takes oci:// and https:// chart sources only: a local registry serves
    // ours.
    try (OciRegistryServer charts =
            OciRegistryServer.serving(List.of("sglang", "vllm"), List.of("0.8.0"));
        ReconcilingOperatorSimulation operator =
            new ReconcilingOperatorSimulation(cluster.admin(), models)) {
      writeProfile(models, "chartRepo: " + charts.url());
      TestServer server = serve();
      String[] bearer = bearer(server, authSecret());

      String plan =
          server.planHash(
              "{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\", \"namespace\":"
                  + " \"%s\", \"serviceId\": \"%s\"}".formatted(models, MODEL),
              bearer);
      JsonNode installed =
          server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan), bearer).ok();

      assertThat(installed.path("revision").asInt()).isEqualTo(1);
      assertThat(
              cluster.admin().resources(LlmService.class).inNamespace(models).withName(MODEL).get())
          .as("written as an LLMService, by the service account")
          .isNotNull();
      JsonNode status =
          server.get("/api/releases/%s/%s/status".formatted(models, MODEL), bearer).ok();
      assertThat(status.path("backend").asText()).isEqualTo("llmsvc");
      assertThat(status.path("canaryState").asText()).isEqualTo("standalone");
    }
  }

  @Test
  void aReadOnlySwissRefusesEveryWriteItselfAndItsAccountHoldsNoWriteVerb() throws IOException {
    home = cluster.namespace();
    String models = cluster.otherNamespace("models");
    install(values("allowDeploy: false", models));
    writeProfile(models, "chartPath: " + TestCharts.exampleCharts());
    TestServer server = serve();
    String[] bearer = bearer(server, authSecret());
    String release = "/api/releases/%s/%s".formatted(models, MODEL);

    List<TestServer.Reply> writes =
        List.of(
            server.post(
                "/api/plans",
                "{\"model\": \"mistral-small-24b\", \"namespace\": \"%s\"}".formatted(models),
                bearer),
            server.post("/api/install", "{\"planHash\": \"0123\"}", bearer),
            server.post("/api/apply", "{\"planHash\": \"0123\", \"expectRevision\": 1}", bearer),
            server.post(
                release + "/rollback", "{\"toRevision\": 1, \"expectRevision\": 2}", bearer),
            server.delete(release, bearer));

    assertThat(writes)
        .allSatisfy(
            reply -> {
              assertThat(reply.status()).as(reply.body()).isEqualTo(403);
              assertThat(reply.body()).contains("allowDeploy");
            });
    assertThat(server.get("/api/deployments", bearer).status()).isEqualTo(200);
    KubernetesClient account = accountClient();
    for (String namespace : List.of(models, home)) {
      assertThat(rules(account, namespace))
          .as("the service account's rules in %s", namespace)
          .isNotEmpty()
          .allSatisfy(
              rule ->
                  assertThat(rule.getVerbs())
                      .as("%s on %s", rule.getVerbs(), rule.getResources())
                      .doesNotContainAnyElementsOf(
                          List.of("create", "update", "patch", "delete", "deletecollection", "*")));
    }
  }

  /**
   * Finding 8 of issue 38: the chart granted Secrets of any name in swiss's namespace, patch on
   * every namespace and pod reads everywhere, and no NetworkPolicy. Installed with its defaults,
   * the account may read the Secret the profile values name and no other, create a namespace but
   * patch none, and read pods in the served namespaces only; a profile pointing the SLO token at
   * swiss's own credentials gets the API server's refusal, and swiss still installs a release.
   */
  @Test
  void
      withItsDefaultsTheChartsAccountReadsOnlyTheNamedSecretsPatchesNoNamespaceAndSeesPodsOnlyWhereItServes()
          throws IOException {
    home = cluster.namespace();
    String models = cluster.otherNamespace("models");
    String unlisted = cluster.otherNamespace("unlisted");
    cluster
        .admin()
        .secrets()
        .inNamespace(home)
        .resource(opaque("slo-token", "token", "t0k"))
        .create();
    // The API server's address as a cluster publishes it (this one publishes none).
    EndpointSlice apiServer = apiServerSlice("192.0.2.10", 6443);
    try {
      install(valuesWithRbac("profileSecrets: {sloToken: slo-token}", "allowDeploy: true", models));
    } finally {
      cluster.admin().discovery().v1().endpointSlices().resource(apiServer).delete();
    }
    KubernetesClient account = accountClient();

    assertThat(may(account, "get", "secrets", home, "slo-token")).isTrue();
    assertThat(may(account, "get", "secrets", home, home + "-auth"))
        .as("swiss's own credential Secret")
        .isFalse();
    assertThat(may(account, "list", "secrets", home, "")).isFalse();
    assertThat(may(account, "create", "namespaces", "", "")).isTrue();
    for (String namespace : List.of(unlisted, models, home)) {
      assertThat(may(account, "patch", "namespaces", "", namespace)).as(namespace).isFalse();
      assertThat(may(account, "update", "namespaces", "", namespace)).as(namespace).isFalse();
    }
    assertThat(may(account, "list", "pods", models, "")).isTrue();
    assertThat(may(account, "list", "pods", unlisted, "")).isFalse();
    assertThat(may(account, "list", "pods", "", "")).as("in every namespace").isFalse();
    NetworkPolicy policy =
        cluster.admin().network().v1().networkPolicies().inNamespace(home).withName(home).get();
    assertThat(policy.getSpec().getPolicyTypes()).containsExactly("Ingress", "Egress");
    List<NetworkPolicyEgressRule> egress = policy.getSpec().getEgress();
    assertThat(egress.get(0).getTo())
        .extracting(peer -> peer.getIpBlock().getCidr())
        .as("the API server's address, looked up at install")
        .containsExactly("192.0.2.10/32");
    assertThat(egress.get(0).getPorts())
        .extracting(p -> p.getPort().getIntVal())
        .containsExactly(6443);
    assertThat(egress.get(1).getPorts()).extracting(p -> p.getPort().getIntVal()).containsOnly(53);
    assertThat(egress.get(2).getTo())
        .extracting(
            peer -> peer.getNamespaceSelector().getMatchLabels().get("kubernetes.io/metadata.name"))
        .containsExactly(models);
    assertThat(egress.get(3).getTo().get(0).getIpBlock().getExcept()).contains("169.254.0.0/16");
    assertThat(egress).hasSize(4);

    try (SimulatedSloServer listener = SimulatedSloServer.acceptingToken("anything")) {
      writeProfile(
          models,
          "chartPath: " + TestCharts.exampleCharts(),
          "scaler:\n  sloAddress: %s\n  sloTokenSecret: %s\n  sloTokenKey: password\n"
              .formatted(listener.url(), home + "-auth"));
      TestServer server = serve();
      String[] bearer = bearer(server, authSecret());

      // Two defences stand in the way: the chart's config lists no secret destination, so swiss
      // refuses to send any Secret there; and, as asked of the API server above, its account may
      // not read its own credentials anyway.
      TestServer.Reply stolen =
          server.get("/api/releases/%s/%s/slo".formatted(models, MODEL), bearer);
      assertThat(stolen.status()).as(stolen.body()).isEqualTo(403);
      assertThat(stolen.body()).contains("server.security.secretDestinations");
      assertThat(listener.received())
          .as("swiss's password sent to the profile's address")
          .isEmpty();

      String plan =
          server.planHash(
              ("{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\", \"namespace\": \"%s\","
                      + " \"serviceId\": \"%s\", \"createNamespace\": true}")
                  .formatted(models, MODEL),
              bearer);
      TestServer.Reply installed =
          server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan), bearer);
      assertThat(installed.status())
          .as("createNamespace with no patch on namespaces: %s", installed.body())
          .isEqualTo(200);
      assertThat(server.get("/api/deployments", bearer).ok().path("deployments"))
          .singleElement()
          .satisfies(
              row ->
                  assertThat(row.path("podsTotal").isNumber())
                      .as("the release's pods are read in its namespace: %s", row)
                      .isTrue());
    }
  }

  private static boolean may(
      KubernetesClient account, String verb, String resource, String namespace, String name) {
    SelfSubjectAccessReview review =
        new SelfSubjectAccessReviewBuilder()
            .withNewSpec()
            .withNewResourceAttributes()
            .withVerb(verb)
            .withResource(resource)
            .withNamespace(namespace)
            .withName(name)
            .endResourceAttributes()
            .endSpec()
            .build();
    return account
        .authorization()
        .v1()
        .selfSubjectAccessReview()
        .create(review)
        .getStatus()
        .getAllowed();
  }

  private static Secret opaque(String name, String key, String value) {
    return new SecretBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withStringData(Map.of(key, value))
        .build();
  }

  /**
   * An EndpointSlice of the kubernetes Service at {@code address:port}, as an API server with an
   * endpoint reconciler publishes it; named for this test, so no other's is touched.
   */
  private EndpointSlice apiServerSlice(String address, int port) {
    EndpointSlice slice =
        new EndpointSliceBuilder()
            .withNewMetadata()
            .withName("kubernetes-" + home)
            .withNamespace("default")
            .addToLabels("kubernetes.io/service-name", "kubernetes")
            .endMetadata()
            .withAddressType("IPv4")
            .addNewEndpoint()
            .withAddresses(address)
            .endEndpoint()
            .addNewPort()
            .withName("https")
            .withPort(port)
            .withProtocol("TCP")
            .endPort()
            .build();
    return cluster.admin().discovery().v1().endpointSlices().resource(slice).create();
  }

  /** A running pod elsewhere holding {@code gpus} NVIDIA GPUs (kwok runs it on a GPU node). */
  private static void holdGpus(String namespace, int gpus) {
    Quantity count = new Quantity(Integer.toString(gpus));
    cluster
        .admin()
        .pods()
        .inNamespace(namespace)
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName("gpu-holder")
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("work")
                .withImage("registry.example/train:1")
                .withNewResources()
                .addToLimits("nvidia.com/gpu", count)
                .addToRequests("nvidia.com/gpu", count)
                .endResources()
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  /**
   * The chart's values for swiss over {@code namespaces} with both backends granted, on our demo
   * catalog, its database in the test's folder.
   *
   * @param config more of the chart's {@code config} values, as flow-style YAML members
   */
  private String values(String config, String... namespaces) {
    return valuesWithRbac("", config, namespaces);
  }

  /**
   * @param rbac more of the chart's {@code rbac} values, as flow-style YAML members
   */
  private String valuesWithRbac(String rbac, String config, String... namespaces) {
    return """
        fullnameOverride: %s
        rbac: {namespaces: [%s], applyWith: both%s}
        config: {%s, catalog: %s, database: %s}
        """
        .formatted(
            home,
            String.join(", ", namespaces),
            rbac.isEmpty() ? "" : ", " + rbac,
            config,
            TestCharts.project().resolve("examples/catalog"),
            dir.resolve("data/swiss.db"));
  }

  private void install(String values) {
    if (helm == null) {
      try {
        helm =
            new HelmReleases(
                new ChartRenderer(
                    new ChartArchives(Files.createDirectories(dir.resolve("charts")))),
                Files.readString(cluster.kubeconfig()));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      helm.install(request(values), false, false);
    } else {
      helm.upgrade(request(values), false);
    }
  }

  private RenderRequest request(String values) {
    return new RenderRequest(
        ChartLocation.local(SwissChart.DIR),
        CHART_RELEASE,
        home,
        List.of(new ValuesDocument("values", Yaml.tree("values", values))));
  }

  /** The chart's login Secret, decoded. */
  private Map<String, String> authSecret() {
    Secret secret = cluster.admin().secrets().inNamespace(home).withName(home + "-auth").get();
    Map<String, String> decoded = new java.util.TreeMap<>();
    secret.getData().forEach((k, v) -> decoded.put(k, new String(Base64.getDecoder().decode(v))));
    return decoded;
  }

  /**
   * The site profile the chart names and never writes: the platform team's, made by the admin.
   *
   * @param charts where the profile finds charts: a chartPath or a chartRepo line
   */
  private void writeProfile(String namespace, String charts) {
    writeProfile(namespace, charts, "");
  }

  /**
   * @param more more of the profile, top-level YAML ending in a line break
   */
  private void writeProfile(String namespace, String charts, String more) {
    String profile =
        """
        name: chart-site
        namespace: %s
        %s
        model:
          pathTemplate: /models/{{org}}/{{name}}
        """
                .formatted(namespace, charts)
            + more;
    cluster
        .admin()
        .configMaps()
        .inNamespace(home)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(home + "-profile")
                .endMetadata()
                .withData(Map.of("profile.yaml", profile))
                .build())
        .create();
  }

  @Test
  void twoReplicasOnPostgresFromTheChartShareLoginsAndPlansAndElectOneLeader() throws IOException {
    home = cluster.namespace();
    String models = cluster.otherNamespace("models");
    String database = PostgresServer.shared().newDatabase("chart");
    cluster
        .admin()
        .secrets()
        .inNamespace(home)
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName("swiss-db")
                .endMetadata()
                .withStringData(Map.of("password", PostgresServer.PASSWORD))
                .build())
        .create();
    install(
        """
        fullnameOverride: %s
        replicaCount: 2
        databasePassword: {existingSecret: swiss-db}
        rbac: {namespaces: [%s]}
        config: {allowDeploy: true, catalog: %s, database: "%s"}
        """
            .formatted(home, models, TestCharts.project().resolve("examples/catalog"), database));
    writeProfile(models, "chartPath: " + TestCharts.exampleCharts());

    Deployment deployment =
        cluster.admin().apps().deployments().inNamespace(home).withName(home).get();
    assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
    assertThat(deployment.getSpec().getTemplate().getSpec().getTopologySpreadConstraints())
        .singleElement()
        .satisfies(c -> assertThat(c.getTopologyKey()).isEqualTo("kubernetes.io/hostname"));
    assertThat(
            cluster
                .admin()
                .policy()
                .v1()
                .podDisruptionBudget()
                .inNamespace(home)
                .withName(home)
                .get()
                .getSpec()
                .getMinAvailable()
                .getIntVal())
        .isEqualTo(1);

    // Each replica reads the password where the chart mounts the Secret, here a file of the test's.
    Map<String, String> password = mountedDatabasePassword(deployment);
    TestServer a = serve(password);
    TestServer b = serve(password);
    String[] bearer = bearer(a, authSecret());

    String plan =
        a.planHash(
            "{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\", \"namespace\": \"%s\","
                    .formatted(models)
                + " \"serviceId\": \"%s\"}".formatted(MODEL),
            bearer);
    TestServer.Reply installed =
        b.post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan), bearer);
    assertThat(installed.status())
        .as("a login and a plan of one replica used on the other: %s", installed.body())
        .isEqualTo(200);
    assertThat(a.get("/api/runs?release=" + MODEL, bearer).ok().path("runs"))
        .singleElement()
        .satisfies(run -> assertThat(run.path("action").asText()).isEqualTo("install"));
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(
                        List.of(a, b).stream()
                            // Which replica leads is for a caller who is logged in.
                            .filter(r -> r.get("/readyz", bearer).body().contains("this replica")))
                    .as("exactly one replica leads the background work")
                    .hasSize(1));
  }

  /**
   * The chart's {@code SWISS_DATABASE_PASSWORD_FILE}, pointed at a file holding the Secret's
   * password where the pod would have it mounted.
   */
  private Map<String, String> mountedDatabasePassword(Deployment deployment) throws IOException {
    String mounted =
        deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
            .filter(e -> e.getName().equals("SWISS_DATABASE_PASSWORD_FILE"))
            .findFirst()
            .orElseThrow()
            .getValue();
    Secret secret = cluster.admin().secrets().inNamespace(home).withName("swiss-db").get();
    String key = Path.of(mounted).getFileName().toString();
    Path file = Files.createDirectories(dir.resolve("database")).resolve(key);
    Files.write(file, Base64.getDecoder().decode(secret.getData().get(key)));
    return Map.of("SWISS_DATABASE_PASSWORD_FILE", file.toString());
  }

  private TestServer serve() throws IOException {
    return serve(Map.of());
  }

  /**
   * swiss serve as the pod runs it: the chart's config (its credential directory where the Secret
   * would be mounted) and the service account's token.
   *
   * @param environment what the pod's environment adds: the database password's file
   */
  private TestServer serve(Map<String, String> environment) throws IOException {
    Path auth = Files.createDirectories(dir.resolve("auth"));
    for (Map.Entry<String, String> key : authSecret().entrySet()) {
      Files.writeString(auth.resolve(key.getKey()), key.getValue());
    }
    String config =
        cluster
            .admin()
            .configMaps()
            .inNamespace(home)
            .withName(home)
            .get()
            .getData()
            .get("swiss.yaml")
            .replace("/etc/swiss-auth", auth.toString());
    Path file = dir.resolve("swiss.yaml");
    Files.writeString(file, config);
    Path kubeconfig = ServiceAccountLogin.kubeconfig(cluster.cluster(), home, home, dir);
    String helmKubeconfig = Files.readString(kubeconfig);
    TestServer server =
        TestServer.fromConfig(
            file,
            accountClient(),
            o ->
                o.withNamespace(home)
                    .withHelmKubeConfig(helmKubeconfig)
                    .withDatabasePassword(new DatabasePassword(environment)));
    servers.add(server);
    return server.awaitReady();
  }

  private KubernetesClient accountClient() {
    KubernetesClient client =
        ServiceAccountLogin.client(
            ServiceAccountLogin.kubeconfig(cluster.cluster(), home, home, dir));
    clients.add(client);
    return client;
  }

  private static String[] bearer(TestServer server, Map<String, String> login) {
    JsonNode session = server.login(login.get("username"), login.get("password")).ok();
    return new String[] {"Authorization", "Bearer " + session.path("token").asText()};
  }

  private static List<ResourceRule> rules(KubernetesClient client, String namespace) {
    SelfSubjectRulesReview review =
        new SelfSubjectRulesReviewBuilder()
            .withNewSpec()
            .withNamespace(namespace)
            .endSpec()
            .build();
    // Every signed-in user may ask who it is and what it may do (system:basic-user); those
    // self-reviews are the API server's, not the chart's.
    return client
        .authorization()
        .v1()
        .selfSubjectRulesReview()
        .create(review)
        .getStatus()
        .getResourceRules()
        .stream()
        .filter(rule -> !rule.getResources().stream().allMatch(r -> r.startsWith("self")))
        .toList();
  }
}
