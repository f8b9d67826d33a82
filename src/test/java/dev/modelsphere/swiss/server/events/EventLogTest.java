package dev.modelsphere.swiss.server.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The numbering and replay of recent events, and when a client must reset instead. */
class EventLogTest {
  private final EventLog log = new EventLog("cafe0001", 3);

  private List<String> ids(EventLog.Replay replay) {
    return replay.events().stream().map(StreamEvent::id).toList();
  }

  @Test
  void idsCountUpAfterTheEpochAndTheWireFormIsIdEventDataAndABlankLine() {
    StreamEvent first = log.append(Change.release("models", "chat"));
    StreamEvent second = log.append(Change.nodes());

    assertThat(first.id()).isEqualTo("cafe0001-1");
    assertThat(second.id()).isEqualTo("cafe0001-2");
    assertThat(first.wire())
        .isEqualTo(
            "id: cafe0001-1\nevent: release\ndata: {\"namespace\":\"models\",\"release\":\"chat\"}\n\n");
    assertThat(second.wire()).isEqualTo("id: cafe0001-2\nevent: nodes\ndata: {}\n\n");
  }

  @Test
  void aClientStillWithinTheKeptEventsGetsExactlyTheOnesAfterItsId() {
    log.append(Change.nodes());
    log.append(Change.deployments("models", "a"));
    log.append(Change.release("models", "a"));

    assertThat(ids(log.since("cafe0001-1"))).containsExactly("cafe0001-2", "cafe0001-3");
    assertThat(ids(log.since("cafe0001-3"))).isEmpty();
    assertThat(ids(log.since("cafe0001-0"))).hasSize(3);
  }

  @Test
  void anIdOlderThanTheKeptEventsGetsAResetCarryingTheCurrentId() {
    for (int i = 0; i < 5; i++) {
      log.append(Change.nodes());
    }

    EventLog.Replay replay = log.since("cafe0001-1");

    assertThat(replay.events())
        .singleElement()
        .satisfies(
            reset -> {
              assertThat(reset.type()).isEqualTo(EventType.RESET);
              assertThat(reset.id()).isEqualTo("cafe0001-5");
              assertThat(reset.data()).contains("\"id\":\"cafe0001-5\"").contains("older than");
            });
    assertThat(ids(log.since("cafe0001-2")))
        .containsExactly("cafe0001-3", "cafe0001-4", "cafe0001-5");
  }

  @Test
  void anIdOfAnotherProcessOrAheadOfThisOneGetsAReset() {
    log.append(Change.nodes());

    for (String foreign : List.of("beef0002-1", "cafe0001-2", "cafe0001--1", "cafe0001-x", "")) {
      assertThat(log.since(foreign).reset()).as(foreign).isNotNull();
    }
  }

  @Test
  void helloCarriesTheNewestIdWithoutTakingANumber() {
    assertThat(log.hello().wire())
        .isEqualTo("id: cafe0001-0\nevent: hello\ndata: {\"id\":\"cafe0001-0\"}\n\n");
    log.append(Change.nodes());
    assertThat(log.hello().id()).isEqualTo("cafe0001-1");
    assertThat(log.append(Change.nodes()).id()).isEqualTo("cafe0001-2");
  }

  @Test
  void anIdCarriesTheClusterRevisionOfItsChangeWhenKnown() {
    StreamEvent event = log.append(Change.release("models", "chat"), 4711);

    assertThat(event.id()).isEqualTo("cafe0001-1@4711");
    assertThat(log.hello().id()).isEqualTo("cafe0001-1@4711");
    assertThat(ids(log.since("cafe0001-1@4711"))).as("this process: by number").isEmpty();
  }

  @Test
  void anotherReplicasIdIsReplayedFromItsRevisionOnInsteadOfReset() {
    log.append(Change.release("models", "a"), 100);
    log.append(Change.release("models", "b"), 105);
    log.append(Change.nodes(), 110);

    EventLog.Replay replay = log.since("beef0002-41@105");

    assertThat(replay.reset()).isNull();
    assertThat(ids(replay))
        .as("the change at the revision the client saw, again, and every one after it")
        .containsExactly("cafe0001-2@105", "cafe0001-3@110");
  }

  @Test
  void anotherReplicasIdOlderThanWhatThisOneKeptGetsAReset() {
    for (int i = 1; i <= 5; i++) {
      log.append(Change.nodes(), 100 + i);
    }

    assertThat(log.since("beef0002-9@101").reset())
        .as("events up to revision 102 were dropped here")
        .isNotNull();
    assertThat(log.since("beef0002-9@103").reset()).isNull();
  }
}
