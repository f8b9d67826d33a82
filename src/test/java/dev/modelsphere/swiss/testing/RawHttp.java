package dev.modelsphere.swiss.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Plain requests through a fabric8 client's authenticated HTTP stack, for tests that look at the
 * API server itself: its readiness, a discovery document as sent, a hand-written DeleteOptions
 * body. Every answer comes back with its status; none throws.
 */
public final class RawHttp {
  public record Response(int code, String body) {}

  private RawHttp() {}

  public static Response get(KubernetesClient client, String path) {
    return send(client, request(client, path).build());
  }

  public static Response delete(KubernetesClient client, String path, String jsonBody) {
    return send(
        client, request(client, path).method("DELETE", "application/json", jsonBody).build());
  }

  private static HttpRequest.Builder request(KubernetesClient client, String path) {
    String base = client.getMasterUrl().toString().replaceAll("/+$", "");
    return client
        .getHttpClient()
        .newHttpRequestBuilder()
        .uri(base + path)
        .timeout(10, TimeUnit.SECONDS);
  }

  private static Response send(KubernetesClient client, HttpRequest request) {
    try {
      HttpResponse<String> r =
          client.getHttpClient().sendAsync(request, String.class).get(15, TimeUnit.SECONDS);
      return new Response(r.code(), r.body());
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          request.method() + " " + request.uri() + " failed: " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException(request.method() + " " + request.uri() + " timed out", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + request.uri(), e);
    }
  }
}
