package dev.modelsphere.swiss.chartrepo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body up to a cap, and notes when the server last sent something, so a reader
 * can tell a slow body from a stalled one.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

  private final long cap;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private volatile Flow.Subscription subscription;
  private volatile long lastProgress = System.nanoTime();
  private volatile boolean exceeded;

  CappedBody(long cap) {
    this.cap = cap;
  }

  /** {@link System#nanoTime()} when the request was sent, the headers came or bytes last came. */
  long lastProgress() {
    return lastProgress;
  }

  /** Whether the body was refused for growing past the cap. */
  boolean exceeded() {
    return exceeded;
  }

  /** Stops reading: the server is cut off and the body is dropped. */
  void abandon() {
    Flow.Subscription current = subscription;
    if (current != null) {
      current.cancel();
    }
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    lastProgress = System.nanoTime();
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    lastProgress = System.nanoTime();
    for (ByteBuffer buffer : buffers) {
      if (result.isDone()) {
        return;
      }
      if (bytes.size() + (long) buffer.remaining() > cap) {
        exceeded = true;
        subscription.cancel();
        result.completeExceptionally(new IOException("the body is larger than " + cap + " bytes"));
        return;
      }
      byte[] chunk = new byte[buffer.remaining()];
      buffer.get(chunk);
      bytes.write(chunk, 0, chunk.length);
    }
  }

  @Override
  public void onError(Throwable failure) {
    result.completeExceptionally(failure);
  }

  @Override
  public void onComplete() {
    result.complete(bytes.toByteArray());
  }
}
