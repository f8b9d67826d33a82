package dev.modelsphere.swiss.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.LlmServices;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.RawHttp;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** LLMService CRUD semantics as the real API server enforces them. */
@ClusterTest
class RealApiServerTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private LlmService create(String name) {
    return cluster.llmServices().resource(LlmServices.sample(cluster.namespace(), name)).create();
  }

  private String path(String name) {
    return "/apis/"
        + LlmService.GROUP
        + "/"
        + LlmService.VERSION
        + "/namespaces/"
        + cluster.namespace()
        + "/llmservices/"
        + name;
  }

  @Test
  void anLlmServiceIsCreatedReadBackAndListedInItsNamespace() {
    LlmService created = create("glm-53");

    LlmService read = cluster.llmServices().withName("glm-53").get();
    assertThat(read.getMetadata().getUid()).isEqualTo(created.getMetadata().getUid());
    assertThat(read.getSpec())
        .isEqualTo(LlmServices.sample(cluster.namespace(), "glm-53").getSpec());
    assertThat(cluster.llmServices().list().getItems())
        .extracting(s -> s.getMetadata().getName())
        .containsExactly("glm-53");
    assertThat(cluster.admin().resources(LlmService.class).inNamespace("default").list().getItems())
        .extracting(s -> s.getMetadata().getName())
        .doesNotContain("glm-53");
  }

  @Test
  void anUpdateWithAStaleResourceVersionIsAnsweredWithConflict() {
    LlmService stale = create("glm-53");
    LlmService fresh = cluster.llmServices().withName("glm-53").get();
    fresh.getMetadata().setLabels(java.util.Map.of("touched", "first"));
    cluster.llmServices().resource(fresh).update();

    stale.getMetadata().setLabels(java.util.Map.of("touched", "second"));
    assertThatThrownBy(() -> cluster.llmServices().resource(stale).update())
        .isInstanceOfSatisfying(
            KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(409));
    assertThat(cluster.llmServices().withName("glm-53").get().getMetadata().getLabels())
        .containsEntry("touched", "first");
  }

  @Test
  void deleteWithAStaleUidPreconditionIsRefusedAndKeepsTheObject() {
    create("glm-53");

    RawHttp.Response r =
        RawHttp.delete(
            cluster.admin(),
            path("glm-53"),
            "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"uid\":\"00000000-0000-0000-0000-000000000000\"}}");

    assertThat(r.code()).as(r.body()).isEqualTo(409);
    assertThat(cluster.llmServices().withName("glm-53").get()).isNotNull();
  }

  @Test
  void deleteWithMatchingUidAndResourceVersionPreconditionsRemovesTheObject() {
    LlmService created = create("glm-53");

    RawHttp.Response r =
        RawHttp.delete(
            cluster.admin(),
            path("glm-53"),
            "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"uid\":\""
                + created.getMetadata().getUid()
                + "\",\"resourceVersion\":\""
                + created.getMetadata().getResourceVersion()
                + "\"}}");

    assertThat(r.code()).as(r.body()).isEqualTo(200);
    assertThat(cluster.llmServices().withName("glm-53").get()).isNull();
  }

  @Test
  void aFinalizerKeepsADeletedLlmServiceVisibleWithADeletionTimestampUntilItIsRemoved() {
    LlmService svc = LlmServices.sample(cluster.namespace(), "glm-53");
    svc.getMetadata().setFinalizers(List.of(LlmService.FINALIZER));
    cluster.llmServices().resource(svc).create();
    Resource<LlmService> handle = cluster.llmServices().withName("glm-53");

    handle.delete();

    LlmService terminating = handle.get();
    assertThat(terminating).isNotNull();
    assertThat(terminating.getMetadata().getDeletionTimestamp()).isNotBlank();
    handle.edit(
        s -> {
          s.getMetadata().setFinalizers(List.of());
          return s;
        });
    await().atMost(Duration.ofSeconds(10)).until(() -> handle.get() == null);
  }

  @Test
  void aStatusWrittenThroughTheStatusSubresourceComesBackFieldForField() {
    LlmService svc = create("glm-53");
    LlmServiceStatus status = LlmServices.appliedStatus();
    svc.setStatus(status);

    cluster.llmServices().resource(svc).updateStatus();

    assertThat(cluster.llmServices().withName("glm-53").get().getStatus()).isEqualTo(status);
  }

  @Test
  void theRestrictedUserIsForbiddenToListLlmServices() {
    create("glm-53");

    assertThatThrownBy(
            () ->
                cluster
                    .restricted()
                    .resources(LlmService.class)
                    .inNamespace(cluster.namespace())
                    .list())
        .isInstanceOfSatisfying(
            KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(403));
  }

  @Test
  void theRestrictedUserMayListConfigMaps() {
    assertThat(cluster.restricted().configMaps().inNamespace(cluster.namespace()).list().getItems())
        .isNotNull();
  }
}
