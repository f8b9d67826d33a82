package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.kube.KubeException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * ConfigMaps in memory, read and written the way the profile store and writer use the cluster:
 * reads and writes are counted, and either can be made to fail as the API server would.
 */
final class FakeConfigMaps implements ConfigMapProfileStore.Reader, ProfileWriter.ConfigMapWriter {
  private final Map<String, Map<String, String>> configMaps = new HashMap<>();
  private final AtomicInteger reads = new AtomicInteger();
  private final AtomicInteger writes = new AtomicInteger();
  private String readFailure;
  private String writeFailure;
  private Runnable duringRead = () -> {};

  FakeConfigMaps with(String namespace, String name, String key, String text) {
    configMaps.computeIfAbsent(namespace + "/" + name, k -> new HashMap<>()).put(key, text);
    return this;
  }

  void failReads(String why) {
    readFailure = why;
  }

  void failWrites(String why) {
    writeFailure = why;
  }

  /** Runs {@code action} inside the next reads, after the data was taken: a write racing a read. */
  void duringRead(Runnable action) {
    duringRead = action;
  }

  int reads() {
    return reads.get();
  }

  int writes() {
    return writes.get();
  }

  Optional<String> stored(String namespace, String name, String key) {
    return Optional.ofNullable(configMaps.get(namespace + "/" + name)).map(data -> data.get(key));
  }

  @Override
  public Optional<Map<String, String>> read(String namespace, String name) {
    reads.incrementAndGet();
    if (readFailure != null) {
      throw new KubeException("read configmap %s/%s: %s".formatted(namespace, name, readFailure));
    }
    Optional<Map<String, String>> data =
        Optional.ofNullable(configMaps.get(namespace + "/" + name)).map(Map::copyOf);
    Runnable action = duringRead;
    duringRead = () -> {};
    action.run();
    return data;
  }

  @Override
  public void put(String namespace, String name, String key, String text) {
    if (writeFailure != null) {
      throw new KubeException("write configmap %s/%s: %s".formatted(namespace, name, writeFailure));
    }
    writes.incrementAndGet();
    with(namespace, name, key, text);
  }
}
