package dev.modelsphere.swiss.server.events;

import java.util.Locale;

/** The {@code event:} names of the stream; docs/openapi.yaml describes each for clients. */
public enum EventType {
  /** The deployments list may read differently. */
  DEPLOYMENTS,
  /** One release's status, pods, objects, plan or revisions may read differently. */
  RELEASE,
  /** The nodes list (its GPU use included) may read differently. */
  NODES,
  /** The stream is live; sent first on a connection without {@code Last-Event-ID}. */
  HELLO,
  /** Events were missed beyond replay: refetch everything. */
  RESET;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
