package dev.modelsphere.swiss.deploy.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.BackendChoice.Owner;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess.Access;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServiceException;
import dev.modelsphere.swiss.llmsvc.LlmServiceForbiddenException;
import dev.modelsphere.swiss.llmsvc.LlmServices;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code backendFor} against the real API server (backends.md §1.3): ownership read off the
 * cluster, and helm-as-if-absent when LLMServices are unserved or forbidden (spec/canary.md §7).
 */
@ClusterTest
class BackendResolverTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String RELEASE = "glm-53";

  private void createLlmService() {
    cluster.llmServices().resource(LlmServices.sample(cluster.namespace(), RELEASE)).create();
  }

  private void createPlanConfigMap(Map<String, String> data) {
    cluster
        .kube()
        .putConfigMap(cluster.namespace(), PlanConfigMapName.of(RELEASE).toString(), data);
  }

  private void createPlanConfigMap() {
    createPlanConfigMap(Map.of("plan.yaml", "release: " + RELEASE + "\n"));
  }

  private static BackendResolver resolver(KubernetesClient client, LlmServiceAccess access) {
    return new BackendResolver(new Kube(client), access, new LlmServiceClient(client));
  }

  private static LlmServiceAccess access(KubernetesClient client) {
    return LlmServiceAccess.of(new LlmServiceClient(client), Clock.systemUTC());
  }

  private BackendChoice resolveAsAdmin() {
    return resolver(cluster.admin(), access(cluster.admin()))
        .backendFor(cluster.namespace(), RELEASE);
  }

  @Test
  void aReleaseWithOnlyAnLlmServiceIsOwnedByLlmsvc() {
    createLlmService();

    assertThat(resolveAsAdmin()).isEqualTo(new BackendChoice(Owner.LLMSVC, false));
  }

  @Test
  void aReleaseWithAnLlmServiceAndAPlanConfigMapIsLlmsvcWithCleanupPending() {
    createLlmService();
    createPlanConfigMap();

    assertThat(resolveAsAdmin()).isEqualTo(new BackendChoice(Owner.LLMSVC, true));
  }

  @Test
  void aReleaseWithOnlyAPlanConfigMapIsOwnedByHelm() {
    createPlanConfigMap();

    assertThat(resolveAsAdmin()).isEqualTo(new BackendChoice(Owner.HELM, false));
  }

  @Test
  void aReleaseWithNeitherRecordIsNotManaged() {
    assertThat(resolveAsAdmin()).isEqualTo(new BackendChoice(Owner.NONE, false));
  }

  @Test
  void aPlanConfigMapWithoutDataCountsAsAbsent() {
    createPlanConfigMap(Map.of());

    assertThat(resolveAsAdmin()).isEqualTo(new BackendChoice(Owner.NONE, false));
  }

  @Test
  void aForbiddenLlmServiceIsInvisibleSoAReleaseWithBothRecordsIsHelmsAndForbiddenIsCached() {
    createLlmService();
    createPlanConfigMap();
    LlmServiceAccess access = access(cluster.restricted());
    BackendResolver resolver = resolver(cluster.restricted(), access);

    assertThat(resolver.backendFor(cluster.namespace(), RELEASE))
        .isEqualTo(new BackendChoice(Owner.HELM, false));

    Access cached = access.current();
    assertThat(cached).isEqualTo(new Access(true, true, null));
    assertThat(cached.visible()).isFalse();
    assertThat(access.warnings("llmsvc"))
        .containsExactly(
            "LLMService CRD is served but swissd has no llmservices grant; set rbac.applyWith");
    assertThat(access.newInstalls("llmsvc")).isEqualTo("helm");
    // While Forbidden is cached no read is attempted, and the answer stays helm's.
    assertThat(resolver.backendFor(cluster.namespace(), RELEASE))
        .isEqualTo(new BackendChoice(Owner.HELM, false));
  }

  @Test
  void aForbiddenLlmServiceWithoutAPlanConfigMapLeavesTheReleaseUnmanaged() {
    createLlmService();
    LlmServiceAccess access = access(cluster.restricted());

    BackendChoice choice =
        resolver(cluster.restricted(), access).backendFor(cluster.namespace(), RELEASE);

    assertThat(choice).isEqualTo(new BackendChoice(Owner.NONE, false));
    assertThat(choice.forRead()).isEqualTo(Owner.HELM);
    assertThat(access.current().forbidden()).isTrue();
  }

  @Test
  void whileForbiddenIsCachedNoLlmServiceIsReadEvenByAClientThatMayReadIt() {
    createLlmService();
    LlmServiceAccess access = access(cluster.admin());
    access.current();
    access.noteForbidden();

    // The admin could read the LLMService: answering NONE shows the read was never attempted.
    assertThat(resolver(cluster.admin(), access).backendFor(cluster.namespace(), RELEASE))
        .isEqualTo(new BackendChoice(Owner.NONE, false));
  }

  @Test
  void anLlmServiceReadFailureOtherThanForbiddenPropagatesAndIsNotCached() throws Exception {
    try (KubernetesClient unreachable = UnreachableApiServer.client()) {
      LlmServiceAccess access = new LlmServiceAccess(() -> true, Clock.systemUTC());
      BackendResolver resolver = resolver(unreachable, access);

      assertThatThrownBy(() -> resolver.backendFor("ns", RELEASE))
          .isInstanceOf(LlmServiceException.class)
          .isNotInstanceOf(LlmServiceForbiddenException.class)
          .hasMessageContaining("ns/" + RELEASE);
      assertThat(access.current()).isEqualTo(new Access(true, false, null));
    }
  }

  @Test
  void whenTheLlmServiceApiIsNotServedAnExistingLlmServiceIsInvisible() {
    createLlmService();
    createPlanConfigMap();
    // Discovery asks about a group that is not installed: the unserved-CRD case, without removing
    // the real CRD other tests use.
    LlmServiceClient unserved =
        new LlmServiceClient(cluster.admin(), "absent.access.test.modelsphere.dev", "v1alpha1");
    LlmServiceAccess access = LlmServiceAccess.of(unserved, Clock.systemUTC());
    BackendResolver resolver = new BackendResolver(cluster.kube(), access, unserved);

    assertThat(resolver.backendFor(cluster.namespace(), RELEASE))
        .isEqualTo(new BackendChoice(Owner.HELM, false));
    assertThat(access.current()).isEqualTo(new Access(false, false, null));
  }

  @Test
  void withoutAnLlmServiceClientOnlyThePlanConfigMapCounts() {
    createLlmService();
    BackendResolver resolver = BackendResolver.helmOnly(cluster.kube());

    assertThat(resolver.backendFor(cluster.namespace(), RELEASE))
        .isEqualTo(new BackendChoice(Owner.NONE, false));
    createPlanConfigMap();
    assertThat(resolver.backendFor(cluster.namespace(), RELEASE))
        .isEqualTo(new BackendChoice(Owner.HELM, false));
  }
}
