package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.testing.FakeApiServer;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * What {@link PreconditionedDelete} sends and how it reads the answer, against a local HTTP server;
 * the API server's own handling of the preconditions is in cluster.RealApiServerTest and
 * deploy.LlmServiceUninstallerTest.
 */
class PreconditionedDeleteTest {
  private static final String SUCCESS =
      "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\"}";

  private static <T extends HasMetadata> T read(T object) {
    object.setMetadata(
        new ObjectMetaBuilder()
            .withNamespace("models")
            .withName("glm-53")
            .withUid("3f0c7a9e-uid")
            .withResourceVersion("4711")
            .build());
    return object;
  }

  @Test
  void theDeleteCarriesBothTheUidAndTheResourceVersionThatWereRead() throws IOException {
    try (FakeApiServer server = FakeApiServer.answering(200, SUCCESS)) {
      PreconditionedDelete.Answer answer =
          new PreconditionedDelete(server.client()).send(read(new LlmService()));

      assertThat(answer.accepted()).isTrue();
      FakeApiServer.Request sent = server.requests().get(0);
      assertThat(sent.method()).isEqualTo("DELETE");
      assertThat(sent.path())
          .isEqualTo("/apis/serving.modelsphere.dev/v1alpha1/namespaces/models/llmservices/glm-53");
      JsonNode preconditions = new ObjectMapper().readTree(sent.body()).path("preconditions");
      assertThat(preconditions.path("uid").asText()).isEqualTo("3f0c7a9e-uid");
      assertThat(preconditions.path("resourceVersion").asText()).isEqualTo("4711");
    }
  }

  @Test
  void anObjectOfTheCoreGroupIsDeletedAtItsCoreApiPath() {
    try (FakeApiServer server = FakeApiServer.answering(200, SUCCESS)) {
      new PreconditionedDelete(server.client()).send(read(new ConfigMap()));

      assertThat(server.requests().get(0).path())
          .isEqualTo("/api/v1/namespaces/models/configmaps/glm-53");
    }
  }

  @Test
  void aRefusalComesBackWithTheServersStatusCodeAndMessage() {
    String message =
        "Precondition failed: UID in precondition: 3f0c7a9e-uid, UID in object meta: 9";
    try (FakeApiServer server =
        FakeApiServer.answering(
            409,
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\""
                + message
                + "\",\"reason\":\"Conflict\",\"code\":409}")) {
      PreconditionedDelete.Answer answer =
          new PreconditionedDelete(server.client()).send(read(new LlmService()));

      assertThat(answer.accepted()).isFalse();
      assertThat(answer).isEqualTo(new PreconditionedDelete.Answer(409, message));
    }
  }

  @Test
  void noAnswerAtAllIsAKubeExceptionNamingTheObject() {
    try (KubernetesClient unreachable = UnreachableApiServer.client()) {
      PreconditionedDelete delete = new PreconditionedDelete(unreachable);

      assertThatThrownBy(() -> delete.send(read(new LlmService())))
          .isInstanceOf(KubeException.class)
          .hasMessageContaining("LLMService models/glm-53")
          .hasMessageContaining("cannot reach the API server");
    }
  }
}
