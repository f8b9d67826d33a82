package dev.modelsphere.swiss.deploy.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.site.Profile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rendered pods against the site's Pod Security level, exceptions, registries and directories. */
class SitePolicyTest {

  /** A restricted-compliant engine pod, with the model mounted from the site's directory. */
  private static final String COMPLIANT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: qwen}
      spec:
        template:
          spec:
            securityContext:
              runAsNonRoot: true
              runAsUser: 1000
              seccompProfile: {type: RuntimeDefault}
            containers:
              - name: engine
                image: ghcr.io/acme/vllm:0.9
                securityContext:
                  allowPrivilegeEscalation: false
                  capabilities: {drop: [ALL]}
            volumes:
              - name: model
                hostPath: {path: /mnt/models/Qwen/Qwen3-8B, type: Directory}
              - name: scratch
                emptyDir: {}
      """;

  private static SitePolicy site(String more) {
    return SitePolicy.of(
        Profile.parse(
            """
            name: t
            registry: {mirror: ghcr.io/acme/}
            model: {pathTemplate: "/mnt/models/{{org}}/{{name}}"}
            """
                + more,
            "site.yaml"));
  }

  private static List<String> fields(List<Finding> findings) {
    return findings.stream().map(Finding::field).toList();
  }

  @Test
  void aRestrictedPodFromTheMirrorWithTheModelDirectoryPasses() {
    assertThat(site("").manifest(COMPLIANT)).isEmpty();
  }

  @Test
  void thePrivilegedRootPodOnTheHostNetworkIsRefusedOnEveryCount() {
    String attack =
        COMPLIANT
            .replace(
                "    spec:\n      securityContext:",
                "    spec:\n      hostNetwork: true\n      securityContext:")
            .replace("runAsUser: 1000", "runAsUser: 0")
            .replace("allowPrivilegeEscalation: false", "privileged: true")
            .replace("ghcr.io/acme/vllm:0.9", "evil.example.com/miner:1")
            .replace("/mnt/models/Qwen/Qwen3-8B", "/");

    List<Finding> found = site("").manifest(attack);

    assertThat(fields(found))
        .contains(
            "Deployment/qwen spec.template.spec.hostNetwork",
            "Deployment/qwen spec.template.spec.securityContext.runAsUser",
            "Deployment/qwen spec.template.spec.volumes[model].hostPath.path",
            "Deployment/qwen spec.template.spec.containers[engine].image",
            "Deployment/qwen spec.template.spec.containers[engine].securityContext.privileged",
            "Deployment/qwen spec.template.spec.containers[engine].securityContext.allowPrivilegeEscalation");
    assertThat(found)
        .anySatisfy(
            f ->
                assertThat(f.message())
                    .contains(
                        "hostNetwork", "true", "restricted", "policy.allow.hostNetwork: true"))
        .anySatisfy(
            f ->
                assertThat(f.message())
                    .contains("evil.example.com/miner:1", "ghcr.io/acme", "policy.registries"))
        .anySatisfy(f -> assertThat(f.message()).contains("\"/\"", "/mnt/models", "hostPaths"));
  }

  @Test
  void eachExceptionTheSiteAllowsLetsThatOneThingThrough() {
    String hostNetwork =
        COMPLIANT.replace(
            "    spec:\n      securityContext:",
            "    spec:\n      hostNetwork: true\n      securityContext:");

    assertThat(site("").manifest(hostNetwork)).hasSize(1);
    assertThat(site("policy: {allow: {hostNetwork: true}}\n").manifest(hostNetwork)).isEmpty();
    assertThat(site("policy: {allow: {hostPID: true}}\n").manifest(hostNetwork)).hasSize(1);
  }

  @Test
  void aHostPathOutsideTheSiteDirectoriesIsRefusedEvenThroughDotDot() {
    String escape = COMPLIANT.replace("/mnt/models/Qwen/Qwen3-8B", "/mnt/models/../../etc");

    assertThat(fields(site("").manifest(escape)))
        .containsExactly("Deployment/qwen spec.template.spec.volumes[model].hostPath.path");
    assertThat(site("policy: {allow: {hostPaths: [/etc]}}\n").manifest(escape)).isEmpty();
    assertThat(site("policy: {allow: {modelHostPath: false}}\n").manifest(COMPLIANT)).hasSize(1);
  }

  @Test
  void restrictedWantsNoEscalationDropAllNonRootAndASeccompProfileWhereBaselineDoesNot() {
    String loose =
        COMPLIANT
            .replace(
                "      securityContext:\n"
                    + "        runAsNonRoot: true\n"
                    + "        runAsUser: 1000\n"
                    + "        seccompProfile: {type: RuntimeDefault}\n",
                "")
            .replace(
                "          securityContext:\n"
                    + "            allowPrivilegeEscalation: false\n"
                    + "            capabilities: {drop: [ALL]}\n",
                "");

    assertThat(fields(site("").manifest(loose)))
        .extracting(f -> f.substring(f.lastIndexOf('.') + 1))
        .containsExactlyInAnyOrder("allowPrivilegeEscalation", "drop", "runAsNonRoot", "type");
    assertThat(site("policy: {podSecurity: baseline}\n").manifest(loose)).isEmpty();
  }

  @Test
  void capabilitiesBeyondTheLevelNeedTheSitesWord() {
    String ipcLock = COMPLIANT.replace("{drop: [ALL]}", "{drop: [ALL], add: [IPC_LOCK]}");

    assertThat(site("").manifest(ipcLock))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains("IPC_LOCK", "policy.allow.capabilities"));
    assertThat(site("policy: {allow: {capabilities: [IPC_LOCK]}}\n").manifest(ipcLock)).isEmpty();
  }

  @Test
  void aVolumeKindRestrictedDoesNotKnowAndAHostPortAreRefused() {
    String nfs =
        COMPLIANT
            .replace("emptyDir: {}", "nfs: {server: 10.0.0.1, path: /}")
            .replace(
                "image: ghcr.io/acme/vllm:0.9",
                "image: ghcr.io/acme/vllm:0.9\n          ports: [{containerPort: 80, hostPort: 80}]");

    assertThat(fields(site("").manifest(nfs)))
        .containsExactlyInAnyOrder(
            "Deployment/qwen spec.template.spec.volumes[scratch].nfs",
            "Deployment/qwen spec.template.spec.containers[engine].ports.hostPort");
    assertThat(site("policy: {allow: {volumeTypes: [nfs], hostPorts: true}}\n").manifest(nfs))
        .isEmpty();
  }

  @Test
  void podsInAnyKindAreFoundJobsLeaderWorkerSetsAndCustomResourcesAlike() {
    String lws =
        """
        apiVersion: leaderworkerset.x-k8s.io/v1
        kind: LeaderWorkerSet
        metadata: {name: big}
        spec:
          leaderWorkerTemplate:
            workerTemplate:
              spec:
                hostPID: true
                containers: [{name: w, image: ghcr.io/acme/vllm:0.9}]
        ---
        apiVersion: batch/v1
        kind: CronJob
        metadata: {name: warm}
        spec:
          jobTemplate:
            spec:
              template:
                spec:
                  hostIPC: true
                  containers: [{name: j, image: ghcr.io/acme/vllm:0.9}]
        """;

    assertThat(fields(site("policy: {podSecurity: baseline}\n").manifest(lws)))
        .containsExactly(
            "LeaderWorkerSet/big spec.leaderWorkerTemplate.workerTemplate.spec.hostPID",
            "CronJob/warm spec.jobTemplate.spec.template.spec.hostIPC");
  }

  @Test
  void withoutAMirrorOrARegistryListAnyRegistryServesAndAListNamesDockerHubByItsHost() {
    SitePolicy anyRegistry =
        SitePolicy.of(Profile.parse("name: t\nmodel: {pathTemplate: \"/m/{{name}}\"}\n", "s"));
    String hub =
        COMPLIANT
            .replace("ghcr.io/acme/vllm:0.9", "lmsysorg/sglang:v0.5")
            .replace("/mnt/models/Qwen/Qwen3-8B", "/m/x");

    assertThat(anyRegistry.manifest(hub)).isEmpty();
    assertThat(
            site("policy: {registries: [docker.io/lmsysorg]}\n")
                .manifest(hub.replace("/m/x", "/mnt/models/x")))
        .isEmpty();
    assertThat(site("policy: {registries: [ghcr.io/acme-evil]}\n").manifest(COMPLIANT)).hasSize(1);
  }

  @Test
  void aNamespaceSwissCreatesWarnsAtTheLevelAndEnforcesWhatTheSiteAllows() {
    assertThat(site("").namespaceLabels())
        .containsEntry("pod-security.kubernetes.io/warn", "restricted")
        .containsEntry("pod-security.kubernetes.io/audit", "restricted")
        .containsEntry("pod-security.kubernetes.io/enforce", "privileged");
    assertThat(site("policy: {allow: {modelHostPath: false}}\n").namespaceLabels())
        .containsEntry("pod-security.kubernetes.io/enforce", "restricted");
    assertThat(
            site("policy: {podSecurity: baseline, allow: {modelHostPath: false}}\n")
                .namespaceLabels())
        .containsEntry("pod-security.kubernetes.io/enforce", "baseline")
        .containsEntry("pod-security.kubernetes.io/warn", "baseline");
  }
}
