package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.KubeException;
import java.util.Map;
import java.util.Optional;

/**
 * A profile kept under one key of a ConfigMap, which the server can rewrite.
 *
 * @param key the ConfigMap key holding the profile text
 */
public record ConfigMapProfileStore(String namespace, String name, String key, Reader configMaps)
    implements ProfileStore {

  /** Reads a ConfigMap's data; production passes {@code Kube::configMap}. */
  @FunctionalInterface
  public interface Reader {
    /**
     * @return empty when the ConfigMap does not exist
     * @throws KubeException when it cannot be read
     */
    Optional<Map<String, String>> read(String namespace, String name);
  }

  @Override
  public String location() {
    return namespace + "/" + name;
  }

  @Override
  public String read() {
    Optional<Map<String, String>> data;
    try {
      data = configMaps.read(namespace, name);
    } catch (KubeException e) {
      throw unreadable(e.getMessage(), e);
    }
    // No ConfigMap or no key yet is a site not set up, not a failure: the client offers setup.
    if (data.isEmpty()) {
      throw new SiteStateException(
          ErrorKind.NOT_FOUND,
          "site profile %s: no such ConfigMap -- this site is not set up: save a profile from the setup page (PUT /api/profile), or create it"
              .formatted(location()));
    }
    String text = data.get().get(key);
    if (text == null) {
      throw new SiteStateException(
          ErrorKind.NOT_FOUND,
          "site profile %s has no key \"%s\" -- put the profile under it, or set cluster.profile.key to the key that holds it"
              .formatted(location(), key));
    }
    return text;
  }

  private SiteStateException unreadable(String why, Exception cause) {
    return new SiteStateException(
        ErrorKind.UPSTREAM_FAILED, "site profile %s: %s".formatted(location(), why), cause);
  }
}
