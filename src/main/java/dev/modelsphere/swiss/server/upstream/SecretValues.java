package dev.modelsphere.swiss.server.upstream;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import java.util.Map;
import java.util.Optional;

/** Reads one credential out of a Secret the site profile names. */
final class SecretValues {
  private final Kube kube;

  SecretValues(Kube kube) {
    this.kube = kube;
  }

  /**
   * The value under {@code key} in Secret {@code ref}.
   *
   * @param setting the profile setting that names the Secret, for the message
   * @throws UpstreamException when the reference is malformed, the Secret cannot be read or does
   *     not exist, or the key is missing or empty
   */
  String read(String setting, String ref, String key) {
    Optional<Map<String, String>> found;
    try {
      NamespacedName secret = NamespacedName.parse(ref);
      found = kube.secret(secret.namespace(), secret.name());
    } catch (KubeException | UpstreamException e) {
      throw new UpstreamException("%s %s: %s".formatted(setting, ref, e.getMessage()), e);
    }
    Map<String, String> data =
        found.orElseThrow(
            () ->
                new UpstreamException(
                    "%s %s: no such Secret -- create it, or name another in the site profile"
                        .formatted(setting, ref)));
    String value = data.get(key);
    if (value == null || value.isEmpty()) {
      throw new UpstreamException(
          "secret %s has no key \"%s\" -- add it, or name the key in the site profile"
              .formatted(ref, key));
    }
    return value;
  }
}
