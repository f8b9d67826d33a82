package dev.modelsphere.swiss.server.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.server.http.ApiException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The event hub driven through its Java API, with in-test sinks for the streams: what a client that
 * connects, reconnects, lags or stays too long is sent, and how many streams it keeps.
 */
class EventHubTest {
  private static final Duration NO_HEARTBEAT_IN_A_TEST = Duration.ofHours(1);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<AutoCloseable> opened = new ArrayList<>();

  @AfterEach
  void closeEverything() throws Exception {
    for (AutoCloseable closeable : opened) {
      closeable.close();
    }
  }

  private EventHub hub(int maxStreams, int kept) {
    return hub(new EventSettings(NO_HEARTBEAT_IN_A_TEST, maxStreams, kept));
  }

  private EventHub hub(EventSettings settings) {
    EventHub hub = new EventHub(settings, Clock.systemUTC());
    opened.add(hub);
    return hub;
  }

  /** A client's stream, started as the events route starts it. */
  private static Sink connect(EventHub hub, String lastEventId) {
    return connect(hub, lastEventId, StreamOwner.anyone());
  }

  private static Sink connect(EventHub hub, String lastEventId, StreamOwner owner) {
    Sink sink = new Sink();
    sink.stream = hub.open(sink, lastEventId, Optional.empty(), owner);
    sink.stream.start();
    return sink;
  }

  /** The id the hub stands at, as a new client's hello tells it. */
  private static String currentId(EventHub hub) {
    Sink probe = connect(hub, "");
    SseEvent hello = probe.awaitEvents(1).get(0);
    probe.stream.close();
    return hello.json().path("id").asText();
  }

  private static String epochOf(String id) {
    return id.substring(0, id.lastIndexOf('-'));
  }

  private static void publishReleases(EventHub hub, int count) {
    for (int i = 1; i <= count; i++) {
      hub.publish(Change.release("models", "r" + i));
    }
  }

  @Test
  void aFirstConnectionIsGreetedWithHelloAndThenHearsEveryChangeLiveInOrder() {
    EventHub hub = hub(5, 10);
    Sink client = connect(hub, "");

    SseEvent hello = client.awaitEvents(1).get(0);
    assertThat(hello.type()).isEqualTo("hello");
    String epoch = epochOf(hello.json().path("id").asText());
    assertThat(hello.json().path("id").asText()).isEqualTo(epoch + "-0");

    hub.publish(Change.deployments("models", "chat"));
    hub.publish(Change.nodes());

    List<SseEvent> events = client.awaitEvents(3);
    assertThat(events.subList(1, 3))
        .extracting(SseEvent::id, SseEvent::type)
        .containsExactly(tuple(epoch + "-1", "deployments"), tuple(epoch + "-2", "nodes"));
    assertThat(events.get(1).json().path("release").asText()).isEqualTo("chat");
    assertThat(events.get(2).json().isEmpty()).as("nodes name no release").isTrue();
  }

  @Test
  void aClientReconnectingWithLastEventIdGetsExactlyTheEventsItMissedThenTheLiveOnes() {
    EventHub hub = hub(5, 10);
    String epoch = epochOf(currentId(hub));
    publishReleases(hub, 4);

    Sink client = connect(hub, epoch + "-2");
    hub.publish(Change.release("models", "r5"));

    List<SseEvent> events = client.awaitEvents(3);
    assertThat(events)
        .extracting(SseEvent::id)
        .containsExactly(epoch + "-3", epoch + "-4", epoch + "-5");
    assertThat(events).extracting(SseEvent::type).containsOnly("release");
    assertThat(events)
        .extracting(e -> e.json().path("release").asText())
        .containsExactly("r3", "r4", "r5");
    assertThat(client.text()).doesNotContain("event: hello").doesNotContain("event: reset");
  }

  @Test
  void aClientThatMissedNothingGetsNoReplayAndNoHello() {
    EventHub hub = hub(5, 10);
    String epoch = epochOf(currentId(hub));
    publishReleases(hub, 2);

    Sink client = connect(hub, epoch + "-2");
    hub.publish(Change.nodes());

    assertThat(client.awaitEvents(1))
        .extracting(SseEvent::id, SseEvent::type)
        .containsExactly(tuple(epoch + "-3", "nodes"));
  }

  @Test
  void anIdFromAnotherServerProcessGetsAResetCarryingTheCurrentIdInsteadOfAReplay() {
    EventHub hub = hub(5, 10);
    String epoch = epochOf(currentId(hub));
    publishReleases(hub, 3);

    Sink client = connect(hub, "0badcafe-2");

    SseEvent reset = client.awaitEvents(1).get(0);
    assertThat(reset.type()).isEqualTo("reset");
    assertThat(reset.json().path("id").asText()).isEqualTo(epoch + "-3");
    assertThat(reset.json().path("reason").asText()).contains("0badcafe-2");
    assertThat(client.text()).doesNotContain("event: release");
  }

  @Test
  void anIdAheadOfThisProcessGetsAReset() {
    EventHub hub = hub(5, 10);
    String epoch = epochOf(currentId(hub));
    publishReleases(hub, 1);

    Sink client = connect(hub, epoch + "-7");

    assertThat(client.awaitEvents(1).get(0).type()).isEqualTo("reset");
  }

  @Test
  void anIdOlderThanTheKeptEventsGetsAResetWhileTheOldestReplayableIdStillReplays() {
    EventHub hub = hub(5, 3);
    String epoch = epochOf(currentId(hub));
    publishReleases(hub, 5); // ids 1..5; 3, 4 and 5 kept

    Sink tooOld = connect(hub, epoch + "-1");
    Sink justInTime = connect(hub, epoch + "-2");

    SseEvent reset = tooOld.awaitEvents(1).get(0);
    assertThat(reset.type()).isEqualTo("reset");
    assertThat(reset.json().path("id").asText()).isEqualTo(epoch + "-5");
    assertThat(reset.json().path("reason").asText()).contains("older than the 3 events kept");
    assertThat(justInTime.awaitEvents(3))
        .extracting(SseEvent::id)
        .containsExactly(epoch + "-3", epoch + "-4", epoch + "-5");
  }

  @Test
  void noMoreThanMaxStreamsAreOpenAndAClosedOneFreesItsPlace() {
    EventHub hub = hub(2, 10);
    Sink first = connect(hub, "");
    connect(hub, "");

    assertThat(hub.openStreams()).isEqualTo(2);
    assertThatThrownBy(() -> connect(hub, ""))
        .isInstanceOf(ApiException.class)
        .satisfies(e -> assertThat(((ApiException) e).status()).isEqualTo(503))
        .hasMessageContaining("2 event streams are open");

    first.stream.close();

    assertThat(hub.openStreams()).isEqualTo(1);
    Sink third = connect(hub, "");
    assertThat(third.awaitEvents(1).get(0).type()).isEqualTo("hello");
  }

  @Test
  void aSessionBeyondItsCapLosesItsOldestStreamWhileOtherSessionsAndAServerWithoutLoginDoNot() {
    EventHub hub = hub(100, 10);
    List<Sink> held = new ArrayList<>();
    List<Sink> alices = new ArrayList<>();
    for (int i = 0; i < EventHub.STREAMS_PER_SESSION; i++) {
      held.add(connect(hub, "", StreamOwner.token("t1")));
      alices.add(connect(hub, "", StreamOwner.proxiedUser("alice")));
    }

    Sink newest = connect(hub, "", StreamOwner.token("t1"));
    Sink alicesNewest = connect(hub, "", StreamOwner.proxiedUser("alice"));

    await().atMost(Duration.ofSeconds(5)).until(() -> held.get(0).stream.ended().isDone());
    await().atMost(Duration.ofSeconds(5)).until(() -> alices.get(0).stream.ended().isDone());
    assertThat(held.subList(1, held.size())).allMatch(sink -> !sink.stream.ended().isDone());
    assertThat(newest.awaitEvents(1).get(0).type()).isEqualTo("hello");
    assertThat(alicesNewest.awaitEvents(1).get(0).type()).isEqualTo("hello");
    connect(hub, "", StreamOwner.token("t2"));
    connect(hub, "", StreamOwner.proxiedUser("bob"));
    for (int i = 0; i <= EventHub.STREAMS_PER_SESSION; i++) {
      connect(hub, "", StreamOwner.anyone());
    }
    assertThat(hub.openStreams()).isEqualTo(3 * EventHub.STREAMS_PER_SESSION + 3);
  }

  @Test
  void endingASessionEndsOnlyTheStreamsOpenedWithItsToken() {
    EventHub hub = hub(10, 10);
    Sink first = connect(hub, "", StreamOwner.token("t1"));
    Sink second = connect(hub, "", StreamOwner.token("t1"));
    Sink other = connect(hub, "", StreamOwner.token("t2"));

    hub.endSession("t1");

    await().atMost(Duration.ofSeconds(5)).until(() -> second.stream.ended().isDone());
    assertThat(first.stream.ended()).isDone();
    assertThat(other.stream.ended()).isNotDone();
    assertThat(hub.openStreams()).isEqualTo(1);
  }

  @Test
  void aStreamWhoseTokenWasRevokedOnAnotherReplicaEndsWithinAHeartbeat() {
    Set<String> revokedElsewhere = ConcurrentHashMap.newKeySet();
    EventHub hub =
        new EventHub(
            new EventSettings(Duration.ofMillis(50), 10, 10),
            Clock.systemUTC(),
            ids -> ids.stream().filter(revokedElsewhere::contains).collect(Collectors.toSet()));
    opened.add(hub);
    Sink loggedOut = connect(hub, "", StreamOwner.token("t1"));
    Sink still = connect(hub, "", StreamOwner.token("t2"));

    revokedElsewhere.add("t1");

    await().atMost(Duration.ofSeconds(5)).until(() -> loggedOut.stream.ended().isDone());
    assertThat(still.stream.ended()).isNotDone();
  }

  @Test
  void aClosedHubEndsEveryStreamAndRefusesNewOnesWith503() {
    EventHub hub = hub(5, 10);
    Sink client = connect(hub, "");
    client.awaitEvents(1);

    hub.close();

    await().atMost(Duration.ofSeconds(5)).until(() -> client.stream.ended().isDone());
    assertThat(hub.openStreams()).isZero();
    assertThatThrownBy(() -> connect(hub, ""))
        .isInstanceOf(ApiException.class)
        .satisfies(e -> assertThat(((ApiException) e).status()).isEqualTo(503))
        .hasMessageContaining("stopping");
    hub.publish(Change.nodes());
    assertThat(client.text()).doesNotContain("event: nodes");
  }

  @Test
  void everyOpenStreamGetsAHeartbeatCommentThatIsNoEvent() {
    EventHub hub = hub(new EventSettings(Duration.ofMillis(50), 5, 10));
    Sink client = connect(hub, "");

    await().atMost(Duration.ofSeconds(5)).until(() -> client.text().contains(": heartbeat\n\n"));
    assertThat(client.events()).extracting(SseEvent::type).containsExactly("hello");
  }

  @Test
  void aStreamEndsWhenItsSessionDoesAndLeavesTheHub() {
    EventHub hub = hub(5, 10);
    Sink client = new Sink();
    client.stream =
        hub.open(client, "", Optional.of(Instant.now().plusSeconds(1)), StreamOwner.anyone());
    client.stream.start();

    assertThat(hub.openStreams()).isEqualTo(1);
    await().atMost(Duration.ofSeconds(5)).until(() -> client.stream.ended().isDone());
    assertThat(hub.openStreams()).isZero();
  }

  @Test
  void aSessionAlreadyOverEndsTheStreamAtOnce() {
    EventHub hub = hub(5, 10);
    Sink client = new Sink();
    client.stream =
        hub.open(client, "", Optional.of(Instant.now().minusSeconds(60)), StreamOwner.anyone());
    client.stream.start();

    await().atMost(Duration.ofSeconds(5)).until(() -> client.stream.ended().isDone());
    assertThat(hub.openStreams()).isZero();
  }

  @Test
  void aClientThatStopsReadingIsDroppedOnceTooFarBehindWhileTheOthersGetEverything() {
    EventHub hub = hub(5, 10);
    CountDownLatch unblock = new CountDownLatch(1);
    Sink stuck = new Sink(unblock);
    stuck.stream = hub.open(stuck, "", Optional.empty(), StreamOwner.anyone());
    stuck.stream.start();
    Sink reading = connect(hub, "");
    await().atMost(Duration.ofSeconds(5)).until(stuck::blocked);

    int published = EventStream.MAX_PENDING + 1;
    for (int i = 1; i <= published; i++) {
      hub.publish(Change.release("models", "r" + i));
      // In steps the reading client keeps up with: one burst of them all could put a reading
      // client's writer, starved on a loaded machine, as far behind as the stuck one.
      if (i % 100 == 0) {
        reading.awaitEvents(i + 1);
      }
    }

    assertThat(hub.openStreams()).as("the stuck client was dropped").isEqualTo(1);
    assertThat(stuck.stream.ended()).as("its write in progress still holds it").isNotDone();
    assertThat(reading.awaitEvents(published + 1)).hasSize(published + 1);
    unblock.countDown();
    await().atMost(Duration.ofSeconds(5)).until(() -> stuck.stream.ended().isDone());
  }

  @Test
  void aClientThatHungUpLeavesTheHubAtTheNextWrite() {
    EventHub hub = hub(5, 10);
    Sink gone = new Sink();
    gone.failWrites = true;
    gone.stream = hub.open(gone, "", Optional.empty(), StreamOwner.anyone());
    gone.stream.start();

    await().atMost(Duration.ofSeconds(5)).until(() -> gone.stream.ended().isDone());
    assertThat(hub.openStreams()).isZero();
  }

  @Test
  void aBurstOfOneChangeWithinTheWindowReachesTheStreamAsOneEvent() {
    EventHub hub = hub(5, 10);
    Sink client = connect(hub, "");
    client.awaitEvents(1);
    Coalescer<Change> coalescer = new Coalescer<>(Duration.ofMillis(300), hub::publish);
    opened.add(coalescer);

    for (int i = 0; i < 50; i++) {
      coalescer.offer(Change.release("models", "chat"), i);
    }
    coalescer.offer(Change.nodes(), 0);

    // The nodes change was offered last, so once it is sent every earlier window has closed.
    await().atMost(Duration.ofSeconds(5)).until(() -> client.text().contains("event: nodes"));
    assertThat(client.events())
        .extracting(SseEvent::type)
        .containsExactly("hello", "release", "nodes");
  }

  @Test
  void anOfferAfterTheWindowClosedIsDeliveredAgainInANewWindow() {
    List<String> delivered = new CopyOnWriteArrayList<>();
    Coalescer<String> coalescer =
        new Coalescer<>(Duration.ofMillis(50), (key, revision) -> delivered.add(key));
    opened.add(coalescer);

    coalescer.offer("chat", 0);
    coalescer.offer("chat", 0);
    await().atMost(Duration.ofSeconds(5)).until(() -> delivered.size() == 1);
    coalescer.offer("chat", 0);
    coalescer.offer("other", 0);

    await().atMost(Duration.ofSeconds(5)).until(() -> delivered.contains("other"));
    assertThat(delivered).containsExactly("chat", "chat", "other");
  }

  /** One event as the client parses it. */
  record SseEvent(String id, String type, String data) {
    JsonNode json() {
      try {
        return JSON.readTree(data);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * What a client receives, as bytes; with a latch, its first write blocks until released (a client
   * that stopped reading).
   */
  static final class Sink extends OutputStream {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CountDownLatch unblock;
    private volatile boolean blocked;
    volatile boolean failWrites;
    EventStream stream;

    Sink() {
      this(new CountDownLatch(0));
    }

    Sink(CountDownLatch unblock) {
      this.unblock = unblock;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (failWrites) {
        throw new IOException("the client hung up");
      }
      blocked = true;
      try {
        unblock.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      }
      blocked = false;
      synchronized (bytes) {
        bytes.write(b, off, len);
      }
    }

    boolean blocked() {
      return blocked;
    }

    String text() {
      synchronized (bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
      }
    }

    /** The complete events received so far; comments (heartbeats) are not events. */
    List<SseEvent> events() {
      List<SseEvent> events = new ArrayList<>();
      String text = text();
      int end = text.lastIndexOf("\n\n");
      if (end < 0) {
        return events;
      }
      for (String block : text.substring(0, end).split("\n\n")) {
        String id = "";
        String type = "";
        String data = "";
        for (String line : block.split("\n")) {
          if (line.startsWith("id: ")) {
            id = line.substring(4);
          } else if (line.startsWith("event: ")) {
            type = line.substring(7);
          } else if (line.startsWith("data: ")) {
            data = line.substring(6);
          }
        }
        if (!type.isEmpty()) {
          events.add(new SseEvent(id, type, data));
        }
      }
      return events;
    }

    List<SseEvent> awaitEvents(int count) {
      await().atMost(Duration.ofSeconds(5)).until(() -> events().size() >= count);
      return events();
    }
  }
}
