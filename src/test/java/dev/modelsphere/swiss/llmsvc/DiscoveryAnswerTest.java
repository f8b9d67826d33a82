package dev.modelsphere.swiss.llmsvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.modelsphere.swiss.testing.FakeApiServer;
import dev.modelsphere.swiss.testing.FakeApiServer.Request;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How {@link LlmServiceClient#served()} reads discovery answers a real API server never gives for
 * our CRD: a subresource without its resource, a server error, a Forbidden. Served by a local HTTP
 * server; everything a real server can show is in {@link LlmServiceClientTest}.
 */
class DiscoveryAnswerTest {
  private static final String PATH = "/apis/" + LlmService.GROUP + "/" + LlmService.VERSION;

  private FakeApiServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private LlmServiceClient answering(int code, String body) {
    server = FakeApiServer.answering(code, body);
    return new LlmServiceClient(server.client());
  }

  private static String resources(String... names) {
    StringBuilder list = new StringBuilder();
    for (String name : names) {
      list.append(list.isEmpty() ? "" : ",")
          .append("{\"name\":\"")
          .append(name)
          .append("\",\"namespaced\":true,\"kind\":\"LLMService\",\"verbs\":[\"get\"]}");
    }
    return "{\"kind\":\"APIResourceList\",\"apiVersion\":\"v1\",\"groupVersion\":\""
        + LlmService.GROUP
        + "/"
        + LlmService.VERSION
        + "\",\"resources\":["
        + list
        + "]}";
  }

  @Test
  void theStatusSubresourceAloneDoesNotCountAsServed() {
    assertThat(answering(200, resources("llmservices/status", "llmservicesx")).served()).isFalse();
  }

  @Test
  void theResourceBesideItsSubresourcesCountsAsServed() {
    assertThat(answering(200, resources("llmservices/status", "llmservices")).served()).isTrue();
  }

  @Test
  void everyAnswerIsAskedOfTheServerAtTheGroupVersionsPath() {
    LlmServiceClient llmServices = answering(200, resources("llmservices"));

    llmServices.served();
    llmServices.served();

    assertThat(server.requests())
        .extracting(Request::method, Request::path)
        .containsExactly(tuple("GET", PATH), tuple("GET", PATH));
  }

  @Test
  void aListWithoutResourcesIsNotServed() {
    assertThat(answering(200, "{\"kind\":\"APIResourceList\"}").served()).isFalse();
  }

  @Test
  void aGroupVersionTheServerDoesNotKnowIsNotServed() {
    assertThat(answering(404, "{\"kind\":\"Status\",\"code\":404}").served()).isFalse();
  }

  @Test
  void aServerErrorIsADiscoveryErrorNamingTheStatus() {
    LlmServiceClient llmServices = answering(503, "{\"message\":\"etcd is down\"}");

    assertThatThrownBy(llmServices::served)
        .isInstanceOf(LlmServiceException.class)
        .isNotInstanceOf(LlmServiceForbiddenException.class)
        .hasMessageContaining("503");
  }

  @Test
  void aForbiddenDiscoveryIsAnErrorOfTheForbiddenType() {
    assertThatThrownBy(answering(403, "{\"message\":\"forbidden\"}")::served)
        .isInstanceOf(LlmServiceForbiddenException.class);
  }
}
