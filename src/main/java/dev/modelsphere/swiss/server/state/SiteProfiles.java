package dev.modelsphere.swiss.server.state;

import dev.modelsphere.swiss.config.ProfileSource;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.ProfileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The site profile as the server sees it, from its file or its ConfigMap. A profile that parsed is
 * reused for {@code cacheTTL}; one that cannot be read or parsed is read again on the next ask, so
 * a fix shows at once.
 */
public final class SiteProfiles {
  /**
   * One read of the profile.
   *
   * @param source where it was read: the file, or the ConfigMap's {@code namespace/name}
   * @param yaml its text; null when it could not be read at all
   * @param profile the parsed profile; null when it could not be read or parsed
   * @param error why there is no profile; empty when there is one
   */
  public record Read(String source, String yaml, Profile profile, String error) {
    public boolean parsed() {
      return profile != null;
    }
  }

  private record Cached(Read read, Instant at) {}

  private final ProfileSource source;
  private final Kube kube;
  private final Duration ttl;
  private final Clock clock;
  private volatile Cached cached;

  public SiteProfiles(ProfileSource source, Kube kube, Duration ttl, Clock clock) {
    this.source = source;
    this.kube = kube;
    this.ttl = ttl;
    this.clock = clock;
  }

  /** The profile, from the cache while it is fresh, else read now. */
  public Read read() {
    Cached current = cached;
    if (current != null && clock.instant().isBefore(current.at().plus(ttl))) {
      return current.read();
    }
    Read fresh = readNow();
    if (fresh.parsed()) {
      cached = new Cached(fresh, clock.instant());
    }
    return fresh;
  }

  /** The last profile that parsed, without reading anything. */
  public Optional<Profile> cachedProfile() {
    Cached current = cached;
    return current == null ? Optional.empty() : Optional.of(current.read().profile());
  }

  /** Whether the site is set up: its profile can be read and parses. */
  public boolean initialized() {
    return read().parsed();
  }

  private Read readNow() {
    String ref = source.ref();
    String yaml;
    try {
      yaml = source.file().isEmpty() ? fromConfigMap() : fromFile();
    } catch (ProfileException e) {
      return new Read(ref, null, null, e.getMessage());
    }
    try {
      return new Read(ref, yaml, Profile.parse(yaml, ref), "");
    } catch (ProfileException e) {
      return new Read(ref, yaml, null, e.getMessage());
    }
  }

  private String fromFile() {
    try {
      return Files.readString(Path.of(source.file()));
    } catch (NoSuchFileException e) {
      throw new ProfileException("site profile: %s: no such file".formatted(source.file()), e);
    } catch (IOException e) {
      throw new ProfileException("site profile: %s".formatted(e), e);
    }
  }

  private String fromConfigMap() {
    String ref = source.configMap();
    int slash = ref.indexOf('/');
    Map<String, String> data;
    try {
      data =
          kube.configMap(ref.substring(0, slash), ref.substring(slash + 1))
              .orElseThrow(
                  () ->
                      new ProfileException(
                          "site profile %s: no such ConfigMap -- set the site up first"
                              .formatted(ref)));
    } catch (KubeException e) {
      throw new ProfileException("site profile %s: %s".formatted(ref, e.getMessage()), e);
    }
    String yaml = data.get(source.key());
    if (yaml == null) {
      throw new ProfileException("site profile %s has no key \"%s\"".formatted(ref, source.key()));
    }
    return yaml;
  }
}
