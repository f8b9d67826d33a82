package dev.modelsphere.swiss.catalog;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read whole, up to a cap, on the HTTP client's own threads: a body over the cap
 * fails the response as soon as it passes it, instead of filling the memory, and the body of any
 * status but 200 is not read at all. One per request: it keeps the subscription, so a caller that
 * gives up ({@link #abandon}) stops the body where it is.
 */
final class CappedBody implements HttpResponse.BodyHandler<byte[]> {
  private static final byte[] NONE = new byte[0];

  private final int cap;
  private Flow.Subscription subscription;
  private boolean abandoned;

  CappedBody(int cap) {
    this.cap = cap;
  }

  /** The body was larger than the cap. */
  static final class TooLarge extends IOException {
    TooLarge(int cap) {
      super("larger than " + cap + " bytes");
    }
  }

  @Override
  public HttpResponse.BodySubscriber<byte[]> apply(HttpResponse.ResponseInfo info) {
    return new Reader(info.statusCode() == 200);
  }

  /** Stops reading the body: the caller gave up waiting for it. */
  synchronized void abandon() {
    abandoned = true;
    if (subscription != null) {
      subscription.cancel();
    }
  }

  /** Takes the subscription, unless the caller gave up already; true when it may read. */
  private synchronized boolean subscribed(Flow.Subscription taken) {
    subscription = taken;
    if (abandoned) {
      taken.cancel();
    }
    return !abandoned;
  }

  private final class Reader implements HttpResponse.BodySubscriber<byte[]> {
    private final boolean wanted;
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private final List<ByteBuffer> parts = new ArrayList<>();
    private long size;

    /**
     * @param wanted whether to read the body; an unwanted one is cancelled unread, and is empty
     */
    Reader(boolean wanted) {
      this.wanted = wanted;
    }

    @Override
    public void onSubscribe(Flow.Subscription taken) {
      if (!subscribed(taken)) {
        return;
      }
      if (!wanted) {
        taken.cancel();
        body.complete(NONE);
        return;
      }
      taken.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      if (body.isDone()) {
        return;
      }
      for (ByteBuffer item : items) {
        size += item.remaining();
        parts.add(item);
      }
      if (size > cap && body.completeExceptionally(new TooLarge(cap))) {
        abandon();
      }
    }

    @Override
    public void onError(Throwable failure) {
      body.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
      if (body.isDone()) {
        return;
      }
      byte[] whole = new byte[(int) size];
      ByteBuffer into = ByteBuffer.wrap(whole);
      parts.forEach(part -> into.put(part.duplicate()));
      body.complete(whole);
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return body;
    }
  }
}
