package dev.modelsphere.swiss.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.util.Set;

/**
 * SIMULATION of another party acting between swiss's read of an LLMService and its write: a client
 * for swiss whose every write to an LLMService (PUT, PATCH, DELETE) is preceded by {@code change},
 * which the test runs through a client of its own (the operator writing status, a person applying,
 * someone deleting). Production code carries no hook for it: the interleaving happens on the wire.
 */
public final class OtherPartyBeforeWrites {
  private static final Set<String> WRITES = Set.of("PUT", "PATCH", "DELETE");

  private OtherPartyBeforeWrites() {}

  /** A client with {@code admin}'s credentials that runs {@code change} before each write. */
  public static KubernetesClient client(KubernetesClient admin, Runnable change) {
    Interceptor otherParty =
        new Interceptor() {
          @Override
          public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
            if (WRITES.contains(request.method())
                && request.uri().getPath().contains("/llmservices/")) {
              change.run();
            }
          }
        };
    return new KubernetesClientBuilder()
        .withConfig(admin.getConfiguration())
        .withHttpClientBuilderConsumer(
            http -> http.addOrReplaceInterceptor("other-party", otherParty))
        .build();
  }
}
