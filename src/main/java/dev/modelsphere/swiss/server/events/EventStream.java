package dev.modelsphere.swiss.server.events;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * One client's open stream. Writes are queued and drained on a writer thread of their own, so a
 * slow client delays only itself; one that falls {@value #MAX_PENDING} writes behind is dropped (it
 * reconnects with {@code Last-Event-ID} and catches up or is told to reset).
 */
public final class EventStream {
  static final int MAX_PENDING = 1024;

  private final OutputStream out;
  private final StreamOwner owner;
  private final Executor writers;
  private final Consumer<EventStream> onClose;
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final ArrayDeque<String> pending = new ArrayDeque<>();
  private boolean started;
  private boolean draining;
  private boolean closed;

  /**
   * @param onClose runs once when the stream ends, whoever ends it
   */
  EventStream(
      OutputStream out, StreamOwner owner, Executor writers, Consumer<EventStream> onClose) {
    this.out = out;
    this.owner = owner;
    this.writers = writers;
    this.onClose = onClose;
  }

  /**
   * Starts writing what was queued, once the response is ready for writes from other threads (an
   * async request).
   *
   * @return completes when the stream has ended and the response may finish
   */
  public CompletableFuture<Void> start() {
    synchronized (this) {
      started = true;
      drainIfIdle();
    }
    return ended;
  }

  StreamOwner owner() {
    return owner;
  }

  CompletableFuture<Void> ended() {
    return ended;
  }

  /** Queues {@code text} (an empty text just flushes what is buffered, the headers first). */
  void send(String text) {
    boolean overflow;
    synchronized (this) {
      if (closed) {
        return;
      }
      overflow = pending.size() >= MAX_PENDING;
      if (!overflow) {
        pending.addLast(text);
        drainIfIdle();
      }
    }
    if (overflow) {
      close();
    }
  }

  private void drainIfIdle() {
    if (started && !draining && !pending.isEmpty()) {
      draining = true;
      writers.execute(this::drain);
    }
  }

  /** Ends the stream: at once when idle, else as soon as the write in progress returns. */
  void close() {
    boolean finishNow;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      pending.clear();
      finishNow = !draining;
    }
    onClose.accept(this);
    if (finishNow) {
      ended.complete(null);
    }
  }

  private void drain() {
    for (List<String> batch = takeBatch(); !batch.isEmpty(); batch = takeBatch()) {
      try {
        for (String text : batch) {
          out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
      } catch (IOException | RuntimeException e) {
        // The client has gone: nothing to tell it.
        close();
      }
    }
    if (isClosed()) {
      // Completed outside the lock: finishing the response runs Javalin's after-handlers here.
      ended.complete(null);
    }
  }

  private synchronized boolean isClosed() {
    return closed;
  }

  /** The queued writes; none, and no longer draining, when there are none or it was closed. */
  private synchronized List<String> takeBatch() {
    if (closed || pending.isEmpty()) {
      draining = false;
      return List.of();
    }
    List<String> batch = new ArrayList<>(pending);
    pending.clear();
    return batch;
  }
}
