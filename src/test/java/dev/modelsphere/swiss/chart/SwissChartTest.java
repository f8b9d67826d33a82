package dev.modelsphere.swiss.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.modelsphere.swiss.chart.SwissChart.Rendered;
import dev.modelsphere.swiss.config.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each value of charts/swiss puts into the objects it renders. */
class SwissChartTest {
  /** The least a namespaced install needs: where the model releases are. */
  private static final String MODELS = "rbac: {namespaces: [models]}\n";

  private static final String DEPLOYING = "config: {allowDeploy: true}\n";

  private static final String DEPLOYS = MODELS + DEPLOYING;

  private static final List<String> WRITE_VERBS = List.of("create", "update", "patch", "delete");

  @TempDir Path dir;

  @Test
  void defaultsRenderAReadOnlySwissBehindALoginWithNothingOptional() {
    Rendered r = SwissChart.render(MODELS);

    assertThat(r.kinds())
        .containsExactlyInAnyOrder(
            "ConfigMap",
            "Secret",
            "Service",
            "ServiceAccount",
            "Deployment",
            "ClusterRole",
            "ClusterRoleBinding",
            "Role",
            "RoleBinding",
            "Role",
            "RoleBinding",
            "NetworkPolicy");
    assertThat(r.grants()).noneMatch(grant -> WRITE_VERBS.contains(grant.split(" ")[0]));
    assertThat(volume(r, "data").path("emptyDir").isObject()).isTrue();
  }

  @Test
  void theRenderedConfigIsOneSwissServeLoadsAndValidates() throws IOException {
    Path file = dir.resolve("swiss.yaml");
    Files.writeString(
        file, SwissChart.render(MODELS).one("ConfigMap", "swiss").at("/data/swiss.yaml").asText());

    Config config = Config.load(file);
    config.validateServer();

    assertThat(config.catalog()).isEqualTo("https://modelsphere.github.io/model-catalog/");
    assertThat(config.cluster().namespaces()).containsExactly("models");
    assertThat(config.cluster().profile().configMap()).isEqualTo("swiss-system/swiss-profile");
    assertThat(config.cluster().profile().key()).isEqualTo("profile.yaml");
    assertThat(config.server().addr()).isEqualTo(":8080");
    assertThat(config.server().database()).isEqualTo("/data/swiss.db");
    assertThat(config.server().allowDeploy()).isFalse();
    assertThat(config.server().applyWith()).isEqualTo("helm");
    assertThat(config.server().cacheTTL()).isEqualTo(Duration.ofSeconds(60));
    assertThat(config.server().auth().dir()).isEqualTo("/etc/swiss-auth");
    assertThat(config.server().insecureListen()).isFalse();
  }

  @Test
  void configValuesReachTheConfigDocumentAndTheDataVolumeFollowsTheDatabase() {
    Rendered r =
        SwissChart.render(
            """
            rbac: {namespaces: [models], applyWith: llmsvc}
            config:
              catalog: https://catalog.example/models/
              cluster: {profile: ops/site, profileKey: site.yaml}
              cacheTTL: 5m
              allowDeploy: true
              applyWith: llmsvc
              database: /var/lib/swiss/audit.db
              basePath: /api/deploy
            """);
    JsonNode config = r.config();

    assertThat(config.path("catalog").asText()).isEqualTo("https://catalog.example/models/");
    assertThat(config.at("/cluster/profile/configMap").asText()).isEqualTo("ops/site");
    assertThat(config.at("/cluster/profile/key").asText()).isEqualTo("site.yaml");
    assertThat(config.at("/server/cacheTTL").asText()).isEqualTo("5m");
    assertThat(config.at("/server/allowDeploy").asBoolean()).isTrue();
    assertThat(config.at("/server/applyWith").asText()).isEqualTo("llmsvc");
    assertThat(config.at("/server/database").asText()).isEqualTo("/var/lib/swiss/audit.db");
    assertThat(config.at("/server/basePath").asText()).isEqualTo("/api/deploy");
    assertThat(mount(r, "data").path("mountPath").asText()).isEqualTo("/var/lib/swiss");
  }

  @Test
  void applyWithHelmAndNoBasePathAreLeftOutOfTheConfig() {
    JsonNode server = SwissChart.render(MODELS).config().path("server");

    assertThat(server.has("applyWith")).isFalse();
    assertThat(server.has("basePath")).isFalse();
  }

  @Test
  void theLoginSecretHoldsAGeneratedPasswordAndTokenKeyAndOutlivesAnUninstall() {
    Rendered r = SwissChart.render(MODELS);
    JsonNode secret = r.one("Secret", "swiss-auth");

    assertThat(decoded(secret, "username")).isEqualTo("admin");
    assertThat(decoded(secret, "password")).matches("[A-Za-z0-9]{24}");
    assertThat(decoded(secret, "tokenKey")).matches("[A-Za-z0-9]{48}");
    assertThat(secret.path("data").has("proxyKey")).isFalse();
    assertThat(secret.at("/metadata/annotations/helm.sh~1resource-policy").asText())
        .isEqualTo("keep");
    assertThat(mount(r, "auth").path("mountPath").asText()).isEqualTo("/etc/swiss-auth");
    assertThat(mount(r, "auth").path("readOnly").asBoolean()).isTrue();
    assertThat(volume(r, "auth").at("/secret/secretName").asText()).isEqualTo("swiss-auth");
    assertThat(volume(r, "auth").at("/secret/defaultMode").asInt()).isEqualTo(0400);
  }

  @Test
  void aChosenUsernameAndPasswordAndAProxyKeyLandInTheSecret() {
    JsonNode secret =
        SwissChart.render(
                MODELS + "auth: {username: ops, password: correct-horse, proxyKey: true}\n")
            .one("Secret", "swiss-auth");

    assertThat(decoded(secret, "username")).isEqualTo("ops");
    assertThat(decoded(secret, "password")).isEqualTo("correct-horse");
    assertThat(decoded(secret, "proxyKey")).matches("[A-Za-z0-9]{48}");
  }

  @Test
  void anExistingSecretIsMountedInsteadOfTheChartsOwn() {
    Rendered r = SwissChart.render(MODELS + "auth: {existingSecret: sso-keys}\n");

    assertThat(r.all("Secret")).isEmpty();
    assertThat(volume(r, "auth").at("/secret/secretName").asText()).isEqualTo("sso-keys");
  }

  @Test
  void withAuthCreateOffTheSecretOfTheSameNameIsMountedButNotWritten() {
    Rendered r = SwissChart.render(MODELS + "auth: {create: false}\n");

    assertThat(r.all("Secret")).isEmpty();
    assertThat(volume(r, "auth").at("/secret/secretName").asText()).isEqualTo("swiss-auth");
  }

  @Test
  void withTheLoginDisabledNoSecretIsWrittenOrMountedAndTheConfigSaysSo() {
    Rendered r = SwissChart.render(MODELS + "auth: {disabled: true}\n");

    assertThat(r.all("Secret")).isEmpty();
    assertThat(volume(r, "auth").isMissingNode()).isTrue();
    assertThat(r.config().at("/server/auth").toString()).isEqualTo("{\"disabled\":true}");
    assertThat(r.config().at("/server/insecureListen").isMissingNode()).isTrue();
  }

  @Test
  void tokenLifetimeAndCookiePolicyReachTheConfig() {
    JsonNode auth =
        SwissChart.render(MODELS + "auth: {tokenTTL: 8h, cookieSecure: always}\n")
            .config()
            .at("/server/auth");

    assertThat(auth.path("tokenTTL").asText()).isEqualTo("8h");
    assertThat(auth.path("cookieSecure").asText()).isEqualTo("always");
  }

  @Test
  void theServerAnswersToItsServiceNamesAndTheIngressHostAndTrustsTheIngressAsOneProxyHop() {
    JsonNode security =
        SwissChart.render(
                MODELS
                    + "ingress: {enabled: true, host: swiss.example.com}\n"
                    + "security: {hosts: [swiss.internal:8443],"
                    + " secretDestinations: ['https://slo.example.com']}\n"
                    + "auth: {admins: [alice]}\n")
            .config()
            .at("/server");

    assertThat(security.at("/security/hosts").toString())
        .contains(
            "\"swiss\"", "swiss.swiss-system.svc", "swiss.example.com", "swiss.internal:8443");
    assertThat(security.at("/security/trustedProxyHops").asInt()).isEqualTo(1);
    assertThat(security.at("/security/secretDestinations/0").asText())
        .isEqualTo("https://slo.example.com");
    assertThat(security.at("/auth/admins/0").asText()).isEqualTo("alice");
  }

  @Test
  void withoutAnIngressNoProxyIsTrustedToNameTheClient() {
    assertThat(SwissChart.render(MODELS).config().at("/server/security/trustedProxyHops").asInt())
        .isZero();
  }

  @Test
  void allowingDeploysAddsAClaimARecreateRolloutAndTheWriteGrants() {
    Rendered r = SwissChart.render(DEPLOYS);
    JsonNode claim = r.one("PersistentVolumeClaim", "swiss-data");

    assertThat(claim.at("/spec/accessModes/0").asText()).isEqualTo("ReadWriteOnce");
    assertThat(claim.at("/spec/resources/requests/storage").asText()).isEqualTo("10Gi");
    assertThat(claim.at("/spec/storageClassName").isMissingNode()).isTrue();
    assertThat(volume(r, "data").at("/persistentVolumeClaim/claimName").asText())
        .isEqualTo("swiss-data");
    assertThat(r.deployment().at("/spec/strategy/type").asText()).isEqualTo("Recreate");
    assertThat(r.one("ClusterRole", "swiss-namespaces").at("/rules/0/verbs").toString())
        .isEqualTo("[\"get\",\"create\"]");
    assertThat(r.grants())
        .contains(
            "create /secrets",
            "delete /configmaps",
            "create coordination.k8s.io/leases",
            "patch apps/deployments",
            "create routing.modelsphere.dev/modelroutes",
            "create routing.gpucluster.io/modelroutes",
            "update /configmaps",
            "create /configmaps");
  }

  @Test
  void persistenceTakesASizeAStorageClassOrAClaimOfYourOwn() {
    JsonNode claim =
        SwissChart.render(DEPLOYS + "persistence: {size: 2Gi, storageClass: fast}\n")
            .one("PersistentVolumeClaim", "swiss-data");
    Rendered existing = SwissChart.render(DEPLOYS + "persistence: {existingClaim: kept}\n");

    assertThat(claim.at("/spec/resources/requests/storage").asText()).isEqualTo("2Gi");
    assertThat(claim.at("/spec/storageClassName").asText()).isEqualTo("fast");
    assertThat(existing.all("PersistentVolumeClaim")).isEmpty();
    assertThat(volume(existing, "data").at("/persistentVolumeClaim/claimName").asText())
        .isEqualTo("kept");
  }

  @Test
  void anUpdateStrategyOfYourOwnReplacesRecreate() {
    JsonNode strategy =
        SwissChart.render(DEPLOYS + "updateStrategy: {type: RollingUpdate}\n")
            .deployment()
            .at("/spec/strategy");

    assertThat(strategy.toString()).isEqualTo("{\"type\":\"RollingUpdate\"}");
  }

  @Test
  void clusterScopeGrantsReleaseAccessEverywhereAndLimitsSwissToNoNamespace() {
    Rendered r = SwissChart.render("rbac: {scope: cluster}\n");

    assertThat(r.one("ClusterRole", "swiss-releases").toString()).contains("secrets");
    assertThat(r.one("ClusterRoleBinding", "swiss-releases").at("/subjects/0/name").asText())
        .isEqualTo("swiss");
    assertThat(r.all("Role")).containsOnlyKeys("swiss-system/swiss-profile");
    assertThat(r.config().at("/cluster/namespaces").isMissingNode()).isTrue();
  }

  @Test
  void namespacedScopeGrantsOneRolePerListedNamespaceAndLimitsSwissToThem() {
    Rendered r = SwissChart.render("rbac: {namespaces: [models, canary, models]}\n");

    assertThat(r.all("Role"))
        .containsOnlyKeys(
            "models/swiss-releases", "canary/swiss-releases", "swiss-system/swiss-profile");
    assertThat(r.all("RoleBinding"))
        .containsOnlyKeys(
            "models/swiss-releases", "canary/swiss-releases", "swiss-system/swiss-profile");
    assertThat(r.one("RoleBinding", "swiss-releases").at("/subjects/0/namespace").asText())
        .isEqualTo("swiss-system");
    assertThat(r.config().at("/cluster/namespaces").toString())
        .isEqualTo("[\"models\",\"canary\"]");
  }

  @Test
  void byDefaultPodsAreReadInTheServedNamespacesOnlyAndNodeGpuUsageAsksForEveryNamespace() {
    Rendered byDefault = SwissChart.render(MODELS);
    JsonNode everywhere =
        SwissChart.render("rbac: {namespaces: [models], nodeGPUUsage: true}\n")
            .one("ClusterRole", "swiss-nodes");

    assertThat(byDefault.one("ClusterRole", "swiss-nodes").path("rules").toString())
        .doesNotContain("pods")
        .contains("nodes");
    assertThat(byDefault.one("Role", "swiss-releases").path("rules").toString())
        .as("the served namespace's Role")
        .contains("\"pods\"");
    assertThat(everywhere.path("rules").toString()).contains("\"pods\"");
  }

  @Test
  void swissReadsNoSecretOutsideTheServedNamespacesUnlessTheValuesNameIt() {
    Rendered byDefault = SwissChart.render(DEPLOYS);
    Rendered named =
        SwissChart.render(
            DEPLOYING
                + "rbac: {namespaces: [models], profileSecrets: {sloToken: slo-token,"
                + " entrypointKey: gateway/entry-key}}\n");

    assertThat(secretRules(byDefault))
        .as("only the served namespace's Role reaches Secrets")
        .containsOnlyKeys("models/swiss-releases");
    Map<String, List<JsonNode>> rules = secretRules(named);
    assertThat(rules)
        .containsOnlyKeys(
            "models/swiss-releases",
            "swiss-system/swiss-profile-secrets",
            "gateway/swiss-profile-secrets");
    assertThat(rules.get("swiss-system/swiss-profile-secrets"))
        .singleElement()
        .satisfies(
            rule -> {
              assertThat(rule.path("resourceNames").toString()).isEqualTo("[\"slo-token\"]");
              assertThat(rule.path("verbs").toString()).isEqualTo("[\"get\"]");
            });
    assertThat(rules.get("gateway/swiss-profile-secrets"))
        .singleElement()
        .satisfies(
            rule -> assertThat(rule.path("resourceNames").toString()).isEqualTo("[\"entry-key\"]"));
    assertThat(
            named.one("RoleBinding", "swiss-profile-secrets").at("/subjects/0/namespace").asText())
        .isEqualTo("swiss-system");
  }

  @Test
  void namespacesAreCreatedButNeverPatchedNorUpdated() {
    for (String values :
        List.of(
            DEPLOYS, "config: {allowDeploy: true}\nrbac: {scope: cluster, applyWith: both}\n")) {
      assertThat(SwissChart.render(values).grants())
          .as(values)
          .contains("create /namespaces")
          .noneMatch(grant -> grant.matches("(patch|update|delete|\\*) /(namespaces|\\*)"));
    }
  }

  @Test
  void theProfileRoleWritesOnlyWithManageProfileAndDeploysAndFollowsTheProfile() {
    JsonNode managed = SwissChart.render(DEPLOYS).one("Role", "swiss-profile");
    JsonNode unmanaged =
        SwissChart.render(DEPLOYING + "rbac: {namespaces: [models], manageProfile: false}\n")
            .one("Role", "swiss-profile");
    JsonNode elsewhere =
        SwissChart.render(MODELS + "config: {cluster: {profile: ops/site}}\n")
            .one("Role", "swiss-profile");

    assertThat(managed.at("/rules/0/resourceNames/0").asText()).isEqualTo("swiss-profile");
    assertThat(managed.at("/rules/0/verbs").toString()).contains("update", "patch");
    assertThat(managed.at("/rules/1/verbs").toString()).isEqualTo("[\"create\"]");
    assertThat(unmanaged.at("/rules/0/verbs").toString()).isEqualTo("[\"get\"]");
    assertThat(unmanaged.toString()).doesNotContain("create");
    assertThat(elsewhere.at("/metadata/namespace").asText()).isEqualTo("ops");
    assertThat(elsewhere.at("/rules/0/resourceNames/0").asText()).isEqualTo("site");
  }

  @Test
  void rbacApplyWithGrantsTheObjectsOfTheChosenBackends() {
    List<String> helm = SwissChart.render(DEPLOYS).grants();
    List<String> both =
        SwissChart.render(DEPLOYING + "rbac: {namespaces: [models], applyWith: both}\n").grants();
    List<String> llmsvc =
        SwissChart.render(
                """
                rbac: {namespaces: [models], applyWith: llmsvc}
                config: {allowDeploy: true, applyWith: llmsvc}
                """)
            .grants();
    List<String> readOnlyBoth =
        SwissChart.render("rbac: {namespaces: [models], applyWith: both}\n").grants();

    assertThat(helm).contains("create apps/deployments").noneMatch(g -> g.contains("llmservices"));
    assertThat(both)
        .contains(
            "create apps/deployments",
            "create serving.modelsphere.dev/llmservices",
            "list apps/controllerrevisions");
    assertThat(llmsvc)
        .contains("create serving.modelsphere.dev/llmservices", "create /configmaps")
        .doesNotContain("create apps/deployments")
        .contains("get routing.modelsphere.dev/modelroutes");
    assertThat(readOnlyBoth)
        .contains("watch serving.modelsphere.dev/llmservices")
        .doesNotContain("create serving.modelsphere.dev/llmservices");
  }

  @Test
  void everyGrantSaysWhichFeatureNeedsIt() {
    for (String values :
        List.of(
            "config: {allowDeploy: true}\nrbac: {scope: cluster, applyWith: both}\n",
            "rbac: {namespaces: [models], profileSecrets: {sloToken: slo}, nodeGPUUsage: true}\n")) {
      String[] lines = SwissChart.render(values).manifest().split("\n");
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].strip().startsWith("- apiGroups:")) {
          assertThat(lines[i - 1].strip()).as("the line above %s", lines[i]).startsWith("#");
        }
      }
    }
  }

  @Test
  void rbacCreateOffRendersNoRolesOrBindings() {
    assertThat(SwissChart.render("rbac: {namespaces: [models], create: false}\n").kinds())
        .noneMatch(kind -> kind.contains("Role"));
  }

  @Test
  void theServiceAccountTakesANameAndAnnotationsOrIsOneOfYourOwn() {
    Rendered named =
        SwissChart.render(
            MODELS + "serviceAccount: {name: deployer, annotations: {team: platform}}\n");
    Rendered own = SwissChart.render(MODELS + "serviceAccount: {create: false, name: ops}\n");

    assertThat(named.one("ServiceAccount", "deployer").at("/metadata/annotations/team").asText())
        .isEqualTo("platform");
    assertThat(named.deployment().at("/spec/template/spec/serviceAccountName").asText())
        .isEqualTo("deployer");
    assertThat(named.one("RoleBinding", "swiss-releases").at("/subjects/0/name").asText())
        .isEqualTo("deployer");
    assertThat(own.all("ServiceAccount")).isEmpty();
    assertThat(own.deployment().at("/spec/template/spec/serviceAccountName").asText())
        .isEqualTo("ops");
  }

  @Test
  void thePodRunsAsNonRootOnAReadOnlyRootWithNoCapabilitiesAndABoundedTmp() {
    Rendered r = SwissChart.render(MODELS);
    JsonNode pod = r.deployment().at("/spec/template/spec");
    JsonNode container = r.container();

    assertThat(pod.at("/securityContext/runAsUser").asInt()).isEqualTo(65532);
    assertThat(pod.at("/securityContext/runAsNonRoot").asBoolean()).isTrue();
    assertThat(pod.at("/securityContext/seccompProfile/type").asText()).isEqualTo("RuntimeDefault");
    assertThat(container.at("/securityContext/readOnlyRootFilesystem").asBoolean()).isTrue();
    assertThat(container.at("/securityContext/allowPrivilegeEscalation").asBoolean()).isFalse();
    assertThat(container.at("/securityContext/capabilities/drop").toString())
        .isEqualTo("[\"ALL\"]");
    assertThat(volume(r, "tmp").at("/emptyDir/sizeLimit").asText()).isEqualTo("1Gi");
    assertThat(mount(r, "tmp").path("mountPath").asText()).isEqualTo("/tmp");
    assertThat(container.at("/livenessProbe/httpGet/path").asText()).isEqualTo("/healthz");
    assertThat(container.at("/readinessProbe/httpGet/path").asText()).isEqualTo("/readyz");
    assertThat(container.at("/readinessProbe/failureThreshold").asInt()).isEqualTo(3);
    assertThat(container.path("env").toString())
        .contains("POD_NAMESPACE", "metadata.namespace", "-XX:MaxRAMPercentage=50");
    assertThat(container.at("/resources/limits/memory").asText()).isEqualTo("512Mi");
  }

  @Test
  void theConfigChecksumChangesWhenTheConfigDoes() {
    String before = checksum(SwissChart.render(MODELS));
    String same = checksum(SwissChart.render(MODELS + "logLevel: info\n"));
    String after = checksum(SwissChart.render(MODELS + "config: {cacheTTL: 10m}\n"));

    assertThat(before).matches("[0-9a-f]{64}").isEqualTo(same).isNotEqualTo(after);
  }

  @Test
  void theImageDefaultsToTheChartsAppVersion() {
    Rendered plain = SwissChart.render(MODELS);
    Rendered pinned =
        SwissChart.render(
            MODELS
                + "image: {repository: registry.local/swiss, tag: '1.2.3', pullPolicy: Always}\n"
                + "imagePullSecrets: [{name: registry}]\n");

    assertThat(plain.container().path("image").asText())
        .isEqualTo("ghcr.io/modelsphere/swissd:0.1.0");
    assertThat(pinned.container().path("image").asText()).isEqualTo("registry.local/swiss:1.2.3");
    assertThat(pinned.container().path("imagePullPolicy").asText()).isEqualTo("Always");
    assertThat(pinned.deployment().at("/spec/template/spec/imagePullSecrets/0/name").asText())
        .isEqualTo("registry");
  }

  @Test
  void logLevelTmpSizeResourcesHeapShareAndSchedulingReachThePod() {
    Rendered r =
        SwissChart.render(
            MODELS
                + """
                logLevel: debug
                tmpSizeLimit: 256Mi
                resources: {limits: {memory: 1Gi}}
                jvm: {maxRAMPercentage: 60}
                nodeSelector: {pool: system}
                tolerations: [{key: dedicated, operator: Exists}]
                affinity: {podAntiAffinity: {}}
                podLabels: {team: platform}
                podAnnotations: {note: hi}
                replicaCount: 2
                """);
    JsonNode pod = r.deployment().at("/spec/template");

    assertThat(r.container().path("args").toString())
        .isEqualTo("[\"serve\",\"--config=/etc/swiss/swiss.yaml\",\"--log-level=debug\"]");
    assertThat(volume(r, "tmp").at("/emptyDir/sizeLimit").asText()).isEqualTo("256Mi");
    assertThat(r.container().at("/resources/limits/memory").asText()).isEqualTo("1Gi");
    assertThat(r.container().path("env").toString()).contains("-XX:MaxRAMPercentage=60");
    assertThat(pod.at("/spec/nodeSelector/pool").asText()).isEqualTo("system");
    assertThat(pod.at("/spec/tolerations/0/key").asText()).isEqualTo("dedicated");
    assertThat(pod.at("/spec/affinity").toString()).isEqualTo("{\"podAntiAffinity\":{}}");
    assertThat(pod.at("/metadata/labels/team").asText()).isEqualTo("platform");
    assertThat(pod.at("/metadata/annotations/note").asText()).isEqualTo("hi");
    assertThat(r.deployment().at("/spec/replicas").asInt()).isEqualTo(2);
  }

  @Test
  void withoutAnAffinitySwissPrefersNodesWithoutGpus() {
    JsonNode preference =
        SwissChart.render(MODELS)
            .deployment()
            .at(
                "/spec/template/spec/affinity/nodeAffinity"
                    + "/preferredDuringSchedulingIgnoredDuringExecution/0/preference"
                    + "/matchExpressions/0");

    assertThat(preference.path("key").asText()).isEqualTo("nvidia.com/gpu.product");
    assertThat(preference.path("operator").asText()).isEqualTo("DoesNotExist");
  }

  @Test
  void theServiceTakesATypeAndAPort() {
    JsonNode service =
        SwissChart.render(MODELS + "service: {type: NodePort, port: 8443}\n")
            .one("Service", "swiss");

    assertThat(service.at("/spec/type").asText()).isEqualTo("NodePort");
    assertThat(service.at("/spec/ports/0/port").asInt()).isEqualTo(8443);
    assertThat(service.at("/spec/ports/0/targetPort").asText()).isEqualTo("http");
  }

  @Test
  void theIngressRoutesItsHostAndPathToTheService() {
    JsonNode ingress =
        SwissChart.render(
                MODELS
                    + """
                    ingress:
                      enabled: true
                      className: nginx
                      annotations: {nginx.ingress.kubernetes.io/proxy-buffering: "off"}
                      host: swiss.example.com
                      path: /deploy
                      pathType: ImplementationSpecific
                      tls: [{secretName: swiss-tls, hosts: [swiss.example.com]}]
                    """)
            .one("Ingress", "swiss");

    assertThat(ingress.at("/spec/ingressClassName").asText()).isEqualTo("nginx");
    assertThat(ingress.at("/metadata/annotations").toString()).contains("proxy-buffering");
    assertThat(ingress.at("/spec/rules/0/host").asText()).isEqualTo("swiss.example.com");
    assertThat(ingress.at("/spec/rules/0/http/paths/0/path").asText()).isEqualTo("/deploy");
    assertThat(ingress.at("/spec/rules/0/http/paths/0/pathType").asText())
        .isEqualTo("ImplementationSpecific");
    assertThat(ingress.at("/spec/rules/0/http/paths/0/backend/service/name").asText())
        .isEqualTo("swiss");
    assertThat(ingress.at("/spec/tls/0/secretName").asText()).isEqualTo("swiss-tls");
  }

  @Test
  void aServiceMonitorScrapesTheMetricsPort() {
    JsonNode monitor =
        SwissChart.render(
                MODELS
                    + "metrics: {serviceMonitor: {enabled: true, interval: 15s,"
                    + " labels: {release: prom}}}\n")
            .one("ServiceMonitor", "swiss");

    assertThat(monitor.at("/spec/endpoints/0/path").asText()).isEqualTo("/metrics");
    assertThat(monitor.at("/spec/endpoints/0/port").asText()).isEqualTo("http");
    assertThat(monitor.at("/spec/endpoints/0/interval").asText()).isEqualTo("15s");
    assertThat(monitor.at("/metadata/labels/release").asText()).isEqualTo("prom");
  }

  @Test
  void aNetworkPolicyAdmitsTheListedPeersToSwissPortOnly() {
    JsonNode policy =
        SwissChart.render(
                MODELS
                    + "networkPolicy: {from: [{namespaceSelector: {matchLabels:"
                    + " {name: ingress}}}]}\n")
            .one("NetworkPolicy", "swiss");

    assertThat(policy.at("/spec/ingress")).hasSize(1);
    assertThat(policy.at("/spec/ingress/0/ports").toString())
        .isEqualTo("[{\"port\":\"http\",\"protocol\":\"TCP\"}]");
    assertThat(policy.at("/spec/ingress/0/from/0/namespaceSelector/matchLabels/name").asText())
        .isEqualTo("ingress");
  }

  @Test
  void byDefaultANetworkPolicyLetsSwissReachOnlyTheApiServerDnsTheModelServersAndPublicHttps() {
    JsonNode policy =
        SwissChart.render("rbac: {namespaces: [models, canary]}\n").one("NetworkPolicy", "swiss");
    JsonNode egress = policy.at("/spec/egress");

    assertThat(policy.at("/spec/policyTypes").toString()).isEqualTo("[\"Ingress\",\"Egress\"]");
    assertThat(egress).hasSize(4);
    assertThat(egress.get(0).path("ports").toString())
        .as("the API server: helm template looks nothing up, so its ports from any address")
        .isEqualTo("[{\"port\":443,\"protocol\":\"TCP\"},{\"port\":6443,\"protocol\":\"TCP\"}]");
    assertThat(egress.get(0).has("to")).isFalse();
    assertThat(egress.get(1).toString())
        .contains("\"kubernetes.io/metadata.name\":\"kube-system\"")
        .contains("{\"port\":53,\"protocol\":\"UDP\"}", "{\"port\":53,\"protocol\":\"TCP\"}");
    assertThat(egress.get(2).path("to").findValuesAsText("kubernetes.io/metadata.name"))
        .containsExactly("models", "canary");
    assertThat(egress.get(2).has("ports")).isFalse();
    assertThat(egress.get(3).at("/to/0/ipBlock/cidr").asText()).isEqualTo("0.0.0.0/0");
    assertThat(egress.get(3).at("/to/0/ipBlock/except").toString())
        .contains("10.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.168.0.0/16");
    assertThat(egress.get(3).path("ports").toString())
        .isEqualTo("[{\"port\":443,\"protocol\":\"TCP\"}]");
  }

  @Test
  void theApiServerCidrsFetchDestinationsAndEgressOfYourOwnReplaceTheDefaults() {
    JsonNode egress =
        SwissChart.render(
                MODELS
                    + """
                    networkPolicy:
                      apiServer: {cidrs: [192.0.2.10/32], ports: [6443]}
                      dnsNamespace: dns
                      fetchFrom: [{cidr: 10.20.0.0/16, ports: [8443]}]
                      extraEgress: [{to: [{podSelector: {matchLabels: {app: slo}}}]}]
                    """)
            .one("NetworkPolicy", "swiss")
            .at("/spec/egress");

    assertThat(egress.get(0).toString())
        .isEqualTo(
            "{\"ports\":[{\"port\":6443,\"protocol\":\"TCP\"}],"
                + "\"to\":[{\"ipBlock\":{\"cidr\":\"192.0.2.10/32\"}}]}");
    assertThat(egress.get(1).toString()).contains("\"kubernetes.io/metadata.name\":\"dns\"");
    assertThat(egress.get(3).toString())
        .isEqualTo(
            "{\"to\":[{\"ipBlock\":{\"cidr\":\"10.20.0.0/16\"}}],"
                + "\"ports\":[{\"port\":8443,\"protocol\":\"TCP\"}]}");
    assertThat(egress.get(4).at("/to/0/podSelector/matchLabels/app").asText()).isEqualTo("slo");
  }

  @Test
  void inClusterScopeTheModelServersOfEveryNamespaceAreReachableAndThePolicyCanBeTurnedOff() {
    JsonNode cluster = SwissChart.render("rbac: {scope: cluster}\n").one("NetworkPolicy", "swiss");

    assertThat(cluster.at("/spec/egress/2/to").toString())
        .isEqualTo("[{\"namespaceSelector\":{}}]");
    assertThat(SwissChart.render(MODELS + "networkPolicy: {enabled: false}\n").kinds())
        .doesNotContain("NetworkPolicy");
  }

  @Test
  void namesFollowTheReleaseAndTheOverrides() {
    Rendered other = SwissChart.render("ops", "swiss-system", MODELS);
    Rendered overridden = SwissChart.render(MODELS + "fullnameOverride: deploy-ui\n");

    assertThat(other.find("Deployment", "ops-swiss")).isPresent();
    assertThat(other.config().at("/cluster/profile/configMap").asText())
        .isEqualTo("swiss-system/ops-swiss-profile");
    assertThat(overridden.find("Deployment", "deploy-ui")).isPresent();
    assertThat(overridden.find("Secret", "deploy-ui-auth")).isPresent();
  }

  @Test
  void nameOverrideRenamesTheObjectsAndTheirNameLabel() {
    Rendered r = SwissChart.render("ops", "swiss-system", MODELS + "nameOverride: deployer\n");

    assertThat(r.find("Deployment", "ops-deployer")).isPresent();
    assertThat(r.deployment().at("/spec/selector/matchLabels/app.kubernetes.io~1name").asText())
        .isEqualTo("deployer");
  }

  @Test
  void securityContextsAndProbesOfYourOwnReplaceTheDefaults() {
    Rendered r =
        SwissChart.render(
            MODELS
                + """
                podSecurityContext: {runAsNonRoot: true, runAsUser: 1000}
                securityContext: {readOnlyRootFilesystem: true, runAsGroup: 1000}
                livenessProbe: {httpGet: {path: /healthz, port: http}, periodSeconds: 30}
                readinessProbe: {httpGet: {path: /readyz, port: http}, failureThreshold: 6}
                """);

    assertThat(r.deployment().at("/spec/template/spec/securityContext/runAsUser").asInt())
        .isEqualTo(1000);
    assertThat(r.container().at("/securityContext/runAsGroup").asInt()).isEqualTo(1000);
    assertThat(r.container().at("/livenessProbe/periodSeconds").asInt()).isEqualTo(30);
    assertThat(r.container().at("/readinessProbe/failureThreshold").asInt()).isEqualTo(6);
  }

  @Test
  void aValuesFileWrittenForTheReferenceChartRendersWithTheSameMeaning() throws IOException {
    String values =
        Files.readString(
            Path.of(
                System.getProperty("user.dir"), "src/test/resources/chart/reference-values.yaml"));

    Rendered r = SwissChart.render("swissd", "platform", values);
    JsonNode config = r.config();

    assertThat(config.at("/server/allowDeploy").asBoolean()).isTrue();
    assertThat(config.at("/server/applyWith").asText()).isEqualTo("llmsvc");
    assertThat(config.at("/cluster/namespaces").toString()).isEqualTo("[\"serving\",\"canary\"]");
    assertThat(r.all("Role")).containsKeys("serving/swissd-releases", "canary/swissd-releases");
    assertThat(r.one("PersistentVolumeClaim", "swissd-data").at("/spec/storageClassName").asText())
        .isEqualTo("standard");
    assertThat(r.find("Ingress", "swissd")).isPresent();
    assertThat(r.container().path("image").asText()).isEqualTo("registry.example/swissd:0.9.0");
  }

  @Test
  void onPostgresDeploysRunAsSeveralReplicasKeptApartByABudgetAndSpreadOverNodes() {
    Rendered r =
        SwissChart.render(
            MODELS
                + "replicaCount: 3\n"
                + "config: {allowDeploy: true, database: 'postgres://swiss@db.data:5432/swiss'}\n"
                + "databasePassword: {existingSecret: swiss-db, key: pw}\n");

    assertThat(r.deployment().at("/spec/replicas").asInt()).isEqualTo(3);
    assertThat(r.deployment().at("/spec/strategy/type").asText())
        .as("no volume to hand over, so the replicas roll")
        .isNotEqualTo("Recreate");
    assertThat(r.find("PersistentVolumeClaim", "swiss-data")).isEmpty();
    assertThat(r.only("PodDisruptionBudget").at("/spec/minAvailable").asInt()).isEqualTo(1);
    assertThat(
            r.deployment()
                .at("/spec/template/spec/topologySpreadConstraints/0/topologyKey")
                .asText())
        .isEqualTo("kubernetes.io/hostname");
    assertThat(r.config().at("/server/database").asText())
        .isEqualTo("postgres://swiss@db.data:5432/swiss");
    assertThat(
            named(r.container().path("env"), "SWISS_DATABASE_PASSWORD_FILE").path("value").asText())
        .isEqualTo("/etc/swiss-database/pw");
    assertThat(volume(r, "database-password").at("/secret/secretName").asText())
        .isEqualTo("swiss-db");
    assertThat(r.one("Role", "swiss-leader").toString()).contains("swiss-leader", "leases");
  }

  @Test
  void oneReplicaHasNeitherABudgetNorSpreading() {
    Rendered r = SwissChart.render(DEPLOYS);

    assertThat(r.find("PodDisruptionBudget", "swiss")).isEmpty();
    assertThat(r.deployment().at("/spec/template/spec/topologySpreadConstraints").isMissingNode())
        .isTrue();
    assertThat(named(r.container().path("env"), "SWISS_DATABASE_PASSWORD_FILE").isMissingNode())
        .isTrue();
  }

  /** The rules reaching Secrets, by the namespace/name of the Role or ClusterRole holding them. */
  private static Map<String, List<JsonNode>> secretRules(Rendered r) {
    Map<String, List<JsonNode>> found = new TreeMap<>();
    for (String kind : List.of("Role", "ClusterRole")) {
      r.all(kind)
          .forEach(
              (name, role) -> {
                for (JsonNode rule : role.path("rules")) {
                  if (rule.path("resources").toString().contains("\"secrets\"")) {
                    found.computeIfAbsent(name, n -> new ArrayList<>()).add(rule);
                  }
                }
              });
    }
    return found;
  }

  private static String checksum(Rendered r) {
    return r.deployment().at("/spec/template/metadata/annotations/checksum~1config").asText();
  }

  private static JsonNode volume(Rendered r, String name) {
    return named(r.deployment().at("/spec/template/spec/volumes"), name);
  }

  private static JsonNode mount(Rendered r, String name) {
    return named(r.container().path("volumeMounts"), name);
  }

  private static JsonNode named(JsonNode list, String name) {
    for (JsonNode item : list) {
      if (item.path("name").asText().equals(name)) {
        return item;
      }
    }
    return MissingNode.getInstance();
  }

  private static String decoded(JsonNode secret, String key) {
    return new String(Base64.getDecoder().decode(secret.path("data").path(key).asText()));
  }
}
