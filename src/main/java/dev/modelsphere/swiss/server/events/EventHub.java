package dev.modelsphere.swiss.server.events;

import dev.modelsphere.swiss.deploy.DaemonThreads;
import dev.modelsphere.swiss.server.http.ApiException;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Numbers every change, keeps the recent ones, and writes them to every open stream. Opening a
 * stream and publishing take the same lock, so a client that reconnects gets each event exactly
 * once: replayed from the log, or sent live, never both, never neither.
 */
public final class EventHub implements AutoCloseable {
  static final String HEARTBEAT = ": heartbeat\n\n";

  private final EventLog log;
  private final int maxStreams;
  private final Clock clock;
  private final Set<EventStream> streams = new LinkedHashSet<>();
  private final ScheduledThreadPoolExecutor timer =
      new ScheduledThreadPoolExecutor(1, DaemonThreads.named("swiss-events-timer"));
  private final ExecutorService writers =
      Executors.newCachedThreadPool(DaemonThreads.named("swiss-events-writer"));
  private boolean closed;

  /**
   * @param clock tells how long a session has left
   */
  public EventHub(EventSettings settings, Clock clock) {
    this.log = new EventLog(settings.kept());
    this.maxStreams = settings.maxStreams();
    this.clock = clock;
    // A stream that ends early cancels its session's end; the timer must not keep it till then.
    timer.setRemoveOnCancelPolicy(true);
    long every = settings.heartbeat().toMillis();
    timer.scheduleAtFixedRate(this::heartbeat, every, every, TimeUnit.MILLISECONDS);
  }

  /** Numbers {@code change}, keeps it and sends it to every open stream. */
  public void publish(Change change) {
    publish(change, 0);
  }

  /**
   * The same for a change at cluster revision {@code revision}: its id carries the revision, so a
   * client may resume from it on another replica.
   */
  public synchronized void publish(Change change, long revision) {
    if (closed) {
      return;
    }
    String wire = log.append(change, revision).wire();
    // A copy: a stream that falls too far behind closes, and leaves the set, while being sent to.
    List.copyOf(streams).forEach(stream -> stream.send(wire));
  }

  /**
   * Opens a stream on {@code out} and queues what the client needs first: {@code hello} without
   * {@code lastEventId}, else the events it missed, or {@code reset}.
   *
   * @param lastEventId the client's {@code Last-Event-ID}; empty on a first connection
   * @param sessionEnds when the client's session expires, to end the stream then (it reconnects,
   *     and is asked to log in again)
   * @throws ApiException 503 when {@link EventSettings#maxStreams()} are open or the server is
   *     stopping
   */
  public synchronized EventStream open(
      OutputStream out, String lastEventId, Optional<Instant> sessionEnds) {
    if (closed) {
      throw new ApiException(503, "the server is stopping -- reconnect in a moment");
    }
    if (streams.size() >= maxStreams) {
      throw new ApiException(
          503,
          "%d event streams are open, the most this server keeps -- close other tabs or clients,"
                  .formatted(maxStreams)
              + " or try again later");
    }
    EventStream stream = new EventStream(out, writers, this::forget);
    streams.add(stream);
    // The empty write commits the headers even when there is nothing to catch up on.
    stream.send("");
    List<StreamEvent> first =
        lastEventId.isEmpty() ? List.of(log.hello()) : log.since(lastEventId).events();
    first.forEach(event -> stream.send(event.wire()));
    sessionEnds.ifPresent(end -> endAt(stream, end));
    return stream;
  }

  private void endAt(EventStream stream, Instant end) {
    long millis = Math.max(0, Duration.between(clock.instant(), end).toMillis());
    ScheduledFuture<?> ending = timer.schedule(stream::close, millis, TimeUnit.MILLISECONDS);
    stream.ended().whenComplete((done, failure) -> ending.cancel(false));
  }

  private synchronized void forget(EventStream stream) {
    streams.remove(stream);
  }

  private synchronized void heartbeat() {
    List.copyOf(streams).forEach(stream -> stream.send(HEARTBEAT));
  }

  public synchronized int openStreams() {
    return streams.size();
  }

  /** Ends every stream and takes no more, so a stopping server has no request left waiting. */
  @Override
  public void close() {
    List<EventStream> open;
    synchronized (this) {
      closed = true;
      open = new ArrayList<>(streams);
    }
    open.forEach(EventStream::close);
    timer.shutdownNow();
    writers.shutdown();
  }
}
