package dev.modelsphere.swiss.llmsvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How {@link LlmServiceClient#served()} reads discovery answers a real API server never gives for
 * our CRD: a subresource without its resource, a server error, a Forbidden. Served by a local HTTP
 * server; everything a real server can show is in {@link LlmServiceClientTest}.
 */
class DiscoveryAnswerTest {
  private static final String PATH = "/apis/" + LLMService.GROUP + "/" + LLMService.VERSION;

  private HttpServer server;
  private KubernetesClient client;

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.stop(0);
    }
  }

  private LlmServiceClient answering(int code, String body) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        PATH,
        exchange -> {
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(code, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
    client =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder()
                    .withMasterUrl("http://127.0.0.1:" + server.getAddress().getPort())
                    .withRequestRetryBackoffLimit(0)
                    .build())
            .build();
    return new LlmServiceClient(client);
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
        + LLMService.GROUP
        + "/"
        + LLMService.VERSION
        + "\",\"resources\":["
        + list
        + "]}";
  }

  @Test
  void theStatusSubresourceAloneDoesNotCountAsServed() throws IOException {
    assertThat(answering(200, resources("llmservices/status", "llmservicesx")).served()).isFalse();
  }

  @Test
  void theResourceBesideItsSubresourcesCountsAsServed() throws IOException {
    assertThat(answering(200, resources("llmservices/status", "llmservices")).served()).isTrue();
  }

  @Test
  void aListWithoutResourcesIsNotServed() throws IOException {
    assertThat(answering(200, "{\"kind\":\"APIResourceList\"}").served()).isFalse();
  }

  @Test
  void aServerErrorIsADiscoveryErrorNamingTheStatus() throws IOException {
    LlmServiceClient llmServices = answering(503, "{\"message\":\"etcd is down\"}");

    assertThatThrownBy(llmServices::served)
        .isInstanceOf(LlmServiceException.class)
        .isNotInstanceOf(LlmServiceForbiddenException.class)
        .hasMessageContaining("503");
  }

  @Test
  void aForbiddenDiscoveryIsAnErrorOfTheForbiddenType() throws IOException {
    assertThatThrownBy(answering(403, "{\"message\":\"forbidden\"}")::served)
        .isInstanceOf(LlmServiceForbiddenException.class);
  }
}
