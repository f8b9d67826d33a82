package dev.modelsphere.swiss.server.events;

/**
 * One event as the stream carries it.
 *
 * @param seq its place in this process's sequence; the id carries it after the epoch
 * @param revision the cluster revision of the change it tells of; 0 when unknown
 * @param data one line of JSON
 */
record StreamEvent(long seq, long revision, String id, EventType type, String data) {
  /** The event in the text/event-stream format, with the blank line that ends it. */
  String wire() {
    return "id: %s\nevent: %s\ndata: %s\n\n".formatted(id, type.wireName(), data);
  }
}
