package dev.modelsphere.swiss.server.events;

import dev.modelsphere.swiss.server.http.Json;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The recent events of this process, numbered, so a client that reconnects gets what it missed. Ids
 * are {@code <epoch>-<n>}, then {@code @<revision>} when the change's cluster revision is known:
 * the epoch is drawn when the process starts, so an id from an earlier process (or another replica)
 * is recognised as foreign rather than mistaken for a number here. A foreign id that carries a
 * revision is still understood: every replica watches the same cluster, so it replays what it kept
 * from that revision on (the change at that revision again too, since a hint twice costs a refetch
 * and a hint missed costs a stale page). Not thread-safe: the {@link EventHub} guards it.
 */
final class EventLog {
  private final String epoch;
  private final int capacity;
  private final ArrayDeque<StreamEvent> recent;
  private long last;

  /**
   * The newest cluster revision among the events no longer kept: replay by revision starts after.
   */
  private long droppedUpTo;

  /** The newest cluster revision among the events appended. */
  private long newestRevision;

  EventLog(int capacity) {
    this(newEpoch(), capacity);
  }

  EventLog(String epoch, int capacity) {
    this.epoch = epoch;
    this.capacity = capacity;
    this.recent = new ArrayDeque<>(capacity);
  }

  /** Numbers {@code change} and keeps it, dropping the oldest when full. */
  StreamEvent append(Change change) {
    return append(change, 0);
  }

  /**
   * Numbers {@code change}, of cluster revision {@code revision} (0: unknown), and keeps it,
   * dropping the oldest when full.
   */
  StreamEvent append(Change change, long revision) {
    last++;
    newestRevision = Math.max(newestRevision, revision);
    StreamEvent event =
        new StreamEvent(
            last, revision, idOf(last, revision), change.type(), Json.line(change.data()));
    if (recent.size() == capacity) {
      droppedUpTo = Math.max(droppedUpTo, recent.removeFirst().revision());
    }
    recent.addLast(event);
    return event;
  }

  /** The id of the newest event; {@code <epoch>-0} before the first. */
  String currentId() {
    return idOf(last, newestRevision);
  }

  /** What a client that last saw {@code lastEventId} needs to catch up. */
  Replay since(String lastEventId) {
    Optional<EventId> parsed = EventId.parse(lastEventId);
    if (parsed.isPresent() && !parsed.get().epoch().equals(epoch)) {
      return sinceRevision(lastEventId, parsed.get().revision());
    }
    Optional<Long> seen = parsed.map(EventId::seq);
    if (seen.isEmpty() || seen.get() > last) {
      return Replay.reset(this, "id %s is not from this server process".formatted(lastEventId));
    }
    long oldestKept = recent.isEmpty() ? last + 1 : recent.getFirst().seq();
    if (seen.get() < oldestKept - 1) {
      return Replay.reset(
          this, "id %s is older than the %d events kept".formatted(lastEventId, recent.size()));
    }
    return new Replay(recent.stream().filter(e -> e.seq() > seen.get()).toList(), null);
  }

  /**
   * Replay for an id another process (another replica, an earlier run) gave: by the cluster
   * revision it carries.
   */
  private Replay sinceRevision(String lastEventId, long revision) {
    if (revision <= 0) {
      return Replay.reset(
          this,
          "id %s is from another server process and names no cluster revision"
              .formatted(lastEventId));
    }
    if (revision < droppedUpTo) {
      return Replay.reset(
          this,
          "id %s is older than the %d events this server kept"
              .formatted(lastEventId, recent.size()));
    }
    return new Replay(recent.stream().filter(e -> e.revision() >= revision).toList(), null);
  }

  /** The {@code hello} a new client gets: the id to resume from. */
  StreamEvent hello() {
    return marker(EventType.HELLO, new Position(currentId()));
  }

  /** Events not kept: the client must refetch, then resume from the current id. */
  private StreamEvent reset(String reason) {
    return marker(EventType.RESET, new Reset(currentId(), reason));
  }

  /** Hello and reset are not changes: they carry the current id and are never replayed. */
  private StreamEvent marker(EventType type, Object data) {
    return new StreamEvent(last, newestRevision, currentId(), type, Json.line(data));
  }

  /** The data of {@code hello}: where the client stands. */
  record Position(String id) {}

  /** The data of {@code reset}: where to resume after refetching, and why replay was not enough. */
  record Reset(String id, String reason) {}

  private String idOf(long seq, long revision) {
    return revision > 0
        ? "%s-%d@%d".formatted(epoch, seq, revision)
        : "%s-%d".formatted(epoch, seq);
  }

  /** An event id taken apart: {@code <epoch>-<seq>}, then {@code @<revision>} or nothing (0). */
  record EventId(String epoch, long seq, long revision) {
    private static final Pattern FORM = Pattern.compile("([0-9a-f]+)-(\\d{1,18})(?:@(\\d{1,18}))?");

    static Optional<EventId> parse(String id) {
      Matcher m = FORM.matcher(id);
      if (!m.matches()) {
        return Optional.empty();
      }
      return Optional.of(
          new EventId(
              m.group(1),
              Long.parseLong(m.group(2)),
              m.group(3) == null ? 0 : Long.parseLong(m.group(3))));
    }
  }

  private static String newEpoch() {
    byte[] bytes = new byte[4];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /**
   * What to send a reconnecting client: the missed events, or a reset.
   *
   * @param reset null when the missed events could be replayed
   */
  record Replay(List<StreamEvent> missed, StreamEvent reset) {
    static Replay reset(EventLog log, String reason) {
      return new Replay(List.of(), log.reset(reason));
    }

    /** Everything to write, in order. */
    List<StreamEvent> events() {
      return reset == null ? missed : List.of(reset);
    }
  }
}
