package dev.modelsphere.swiss.server.events;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Something a client may want to refetch: the key bursts are folded by, and what the event says.
 *
 * @param namespace empty for {@link EventType#NODES}
 * @param release empty for {@link EventType#NODES}
 */
public record Change(EventType type, String namespace, String release) {
  public static Change deployments(String namespace, String release) {
    return new Change(EventType.DEPLOYMENTS, namespace, release);
  }

  public static Change release(String namespace, String release) {
    return new Change(EventType.RELEASE, namespace, release);
  }

  public static Change nodes() {
    return new Change(EventType.NODES, "", "");
  }

  /** The event's data: the release it is about, if any. */
  Map<String, String> data() {
    Map<String, String> data = new LinkedHashMap<>();
    if (!namespace.isEmpty()) {
      data.put("namespace", namespace);
      data.put("release", release);
    }
    return data;
  }
}
