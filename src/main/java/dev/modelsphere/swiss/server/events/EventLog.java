package dev.modelsphere.swiss.server.events;

import dev.modelsphere.swiss.server.http.Json;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The recent events of this process, numbered, so a client that reconnects gets what it missed. Ids
 * are {@code <epoch>-<n>}: the epoch is drawn when the process starts, so an id from an earlier
 * process (or another replica) is recognised as foreign rather than mistaken for a number here. Not
 * thread-safe: the {@link EventHub} guards it.
 */
final class EventLog {
  private final String epoch;
  private final int capacity;
  private final ArrayDeque<StreamEvent> recent;
  private long last;

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
    last++;
    StreamEvent event = new StreamEvent(last, idOf(last), change.type(), Json.line(change.data()));
    if (recent.size() == capacity) {
      recent.removeFirst();
    }
    recent.addLast(event);
    return event;
  }

  /** The id of the newest event; {@code <epoch>-0} before the first. */
  String currentId() {
    return idOf(last);
  }

  /** What a client that last saw {@code lastEventId} needs to catch up. */
  Replay since(String lastEventId) {
    Optional<Long> seen = seqOf(lastEventId);
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
    return new StreamEvent(last, currentId(), type, Json.line(data));
  }

  /** The data of {@code hello}: where the client stands. */
  record Position(String id) {}

  /** The data of {@code reset}: where to resume after refetching, and why replay was not enough. */
  record Reset(String id, String reason) {}

  private String idOf(long seq) {
    return "%s-%d".formatted(epoch, seq);
  }

  private Optional<Long> seqOf(String id) {
    String prefix = epoch + "-";
    if (!id.startsWith(prefix)) {
      return Optional.empty();
    }
    try {
      long seq = Long.parseLong(id.substring(prefix.length()));
      return seq < 0 ? Optional.empty() : Optional.of(seq);
    } catch (NumberFormatException e) {
      return Optional.empty();
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
