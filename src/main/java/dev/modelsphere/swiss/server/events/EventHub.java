package dev.modelsphere.swiss.server.events;

import dev.modelsphere.swiss.deploy.writes.DaemonThreads;
import dev.modelsphere.swiss.server.http.ApiException;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Numbers every change, keeps the recent ones, and writes them to every open stream. Opening a
 * stream and publishing take the same lock, so a client that reconnects gets each event exactly
 * once: replayed from the log, or sent live, never both, never neither.
 */
public final class EventHub implements AutoCloseable {
  static final String HEARTBEAT = ": heartbeat\n\n";

  /**
   * Streams one session may hold open at once. The web UI opens one per tab; eight covers a
   * person's tabs and a script or two, and keeps one session (one leaked token, one runaway client)
   * from taking the places of everyone else under {@link EventSettings#maxStreams()}. A new stream
   * beyond it ends the session's oldest rather than being refused: a tab the browser closed or
   * navigated away from is noticed only at the next heartbeat, and refusing would lock the person's
   * newest page out for that long.
   */
  public static final int STREAMS_PER_SESSION = 8;

  private final EventLog log;
  private final int maxStreams;
  private final Clock clock;
  private final RevokedTokens revoked;
  private final Set<EventStream> streams = new LinkedHashSet<>();
  private final ScheduledThreadPoolExecutor timer =
      new ScheduledThreadPoolExecutor(1, DaemonThreads.named("swiss-events-timer"));
  private final ExecutorService writers;
  private boolean closed;

  /** A hub for a server with no login. */
  public EventHub(EventSettings settings, Clock clock) {
    this(settings, clock, RevokedTokens.NONE);
  }

  /**
   * @param clock tells how long a session has left
   * @param revoked asked every heartbeat which open streams' tokens were revoked (by a logout on
   *     another replica; one on this replica ends them at once through {@link #endSession})
   */
  public EventHub(EventSettings settings, Clock clock, RevokedTokens revoked) {
    this.log = new EventLog(settings.kept());
    this.maxStreams = settings.maxStreams();
    this.clock = clock;
    this.revoked = revoked;
    // A stream holds a writer only while it drains, so one each, and one for the revocation check,
    // is as many as can be busy; the rest of a burst waits for them.
    this.writers =
        DaemonThreads.pool(
            "swiss-events-writer", settings.maxStreams() + 1, new LinkedBlockingQueue<>());
    // A stream that ends early cancels its session's end; the timer must not keep it till then.
    timer.setRemoveOnCancelPolicy(true);
    long every = settings.heartbeat().toMillis();
    timer.scheduleAtFixedRate(this::heartbeat, every, every, TimeUnit.MILLISECONDS);
    // Asked on a writer thread: a slow database must not hold up the heartbeats.
    timer.scheduleAtFixedRate(
        () -> writers.execute(this::endRevokedSessions), every, every, TimeUnit.MILLISECONDS);
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
   * @param owner whose stream it is
   * @throws ApiException 503 when {@link EventSettings#maxStreams()} are open or the server is
   *     stopping
   */
  public EventStream open(
      OutputStream out, String lastEventId, Optional<Instant> sessionEnds, StreamOwner owner) {
    endOldestBeyondCap(owner.session());
    return admit(out, lastEventId, sessionEnds, owner);
  }

  /**
   * Makes room for one more stream of {@code session} by ending its oldest ones; closed outside the
   * lock, as {@link #endWhere} does.
   */
  private void endOldestBeyondCap(String session) {
    if (session.isEmpty()) {
      return;
    }
    List<EventStream> ending;
    synchronized (this) {
      List<EventStream> held =
          streams.stream().filter(s -> s.owner().session().equals(session)).toList();
      ending = held.subList(0, Math.max(0, held.size() - STREAMS_PER_SESSION + 1));
    }
    ending.forEach(EventStream::close);
  }

  private synchronized EventStream admit(
      OutputStream out, String lastEventId, Optional<Instant> sessionEnds, StreamOwner owner) {
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
    EventStream stream = new EventStream(out, owner, writers, this::forget);
    streams.add(stream);
    // The empty write commits the headers even when there is nothing to catch up on.
    stream.send("");
    List<StreamEvent> first =
        lastEventId.isEmpty() ? List.of(log.hello()) : log.since(lastEventId).events();
    first.forEach(event -> stream.send(event.wire()));
    sessionEnds.ifPresent(end -> endAt(stream, end));
    return stream;
  }

  /** Ends every stream opened with the token {@code tokenId}: its session was logged out. */
  public void endSession(String tokenId) {
    endWhere(stream -> stream.owner().tokenId().equals(tokenId));
  }

  /** Ends the streams whose tokens were revoked on another replica. */
  private void endRevokedSessions() {
    Set<String> open;
    synchronized (this) {
      open = new HashSet<>();
      streams.forEach(stream -> open.add(stream.owner().tokenId()));
    }
    open.remove("");
    if (open.isEmpty()) {
      return;
    }
    Set<String> ended = revoked.among(open);
    endWhere(stream -> ended.contains(stream.owner().tokenId()));
  }

  /** Closed outside the lock: closing a stream calls back into the hub to forget it. */
  private void endWhere(Predicate<EventStream> ends) {
    List<EventStream> ending;
    synchronized (this) {
      ending = streams.stream().filter(ends).toList();
    }
    ending.forEach(EventStream::close);
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
