package dev.modelsphere.swiss.server.upstream;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * The first bytes of a response body, up to a limit; the rest is left unread. What another service
 * answers a check is shown to a person or parsed for a few fields, so its start is enough and a
 * longer body is cut, not refused; it must never fill this server's memory.
 */
final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {
  private final int cap;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private Flow.Subscription subscription;

  LimitedBody(int cap) {
    this.cap = cap;
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    subscription.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer buffer : buffers) {
      int take = Math.min(buffer.remaining(), cap - bytes.size());
      byte[] chunk = new byte[take];
      buffer.get(chunk);
      bytes.writeBytes(chunk);
      if (bytes.size() >= cap) {
        subscription.cancel();
        result.complete(bytes.toByteArray());
        return;
      }
    }
    subscription.request(1);
  }

  @Override
  public void onError(Throwable error) {
    result.completeExceptionally(error);
  }

  @Override
  public void onComplete() {
    result.complete(bytes.toByteArray());
  }
}
