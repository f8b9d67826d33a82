package dev.modelsphere.swiss.deploy.view;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What was decoded from a watched object, kept until the object changes: decoding (a helm payload,
 * a plan) happens once per resourceVersion, not once per page.
 */
final class VersionMemo<T extends HasMetadata, V> {
  private record Entry<V>(String resourceVersion, V value) {}

  /** Entries allowed beyond twice the expected number before the memo is tidied. */
  private static final int SLACK = 64;

  private final Function<T, V> decode;
  private final Map<String, Entry<V>> byUid = new ConcurrentHashMap<>();

  VersionMemo(Function<T, V> decode) {
    this.decode = decode;
  }

  V of(T object) {
    String uid = object.getMetadata().getUid();
    String version = object.getMetadata().getResourceVersion();
    Entry<V> known = byUid.get(uid);
    if (known != null && known.resourceVersion().equals(version)) {
      return known.value();
    }
    V value = decode.apply(object);
    byUid.put(uid, new Entry<>(version, value));
    return value;
  }

  /**
   * Forgets objects that are gone, once the memo holds well over {@code expected} entries; only
   * then is {@code live} asked for, so a page does not list every object just to tidy up.
   */
  void forgetAllBut(int expected, Supplier<? extends Collection<? extends HasMetadata>> live) {
    if (byUid.size() <= 2 * expected + SLACK) {
      return;
    }
    Set<String> uids =
        live.get().stream()
            .map(object -> object.getMetadata().getUid())
            .collect(Collectors.toSet());
    byUid.keySet().retainAll(uids);
  }
}
