package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.config.ProfileSource;

/** Where the site profile's text is kept: a file beside the server, or a key of a ConfigMap. */
public sealed interface ProfileStore permits FileProfileStore, ConfigMapProfileStore {

  /**
   * The profile's location as people read it: the file's path or the ConfigMap's {@code ns/name}.
   * Answers report it as {@code source}, and profile errors start with it.
   */
  String location();

  /**
   * The stored text, exactly as stored.
   *
   * @throws SiteStateException {@code NOT_FOUND} when there is no profile yet (no file, no
   *     ConfigMap, no key: the site is not set up), {@code UPSTREAM_FAILED} when it cannot be read
   */
  String read();

  /**
   * The store a validated config names.
   *
   * @param configMaps reads ConfigMaps when the profile is kept in one
   */
  static ProfileStore of(ProfileSource source, ConfigMapProfileStore.Reader configMaps) {
    if (!source.file().isEmpty()) {
      return new FileProfileStore(java.nio.file.Path.of(source.file()));
    }
    String ref = source.configMap();
    int slash = ref.indexOf('/');
    return new ConfigMapProfileStore(
        ref.substring(0, slash), ref.substring(slash + 1), source.key(), configMaps);
  }
}
