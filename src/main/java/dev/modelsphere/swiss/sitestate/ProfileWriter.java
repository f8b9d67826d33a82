package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.ProfileException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code PUT /api/profile}: checks a new site profile and stores it in the profile's ConfigMap.
 * Nothing is stored unless the profile parses, and once stored it is served at once. This is not
 * behind {@code server.allowDeploy}: a server that deploys nothing still sets up its own site. The
 * check ({@link #prepare}) and the write ({@link #store}) are apart, so that the deploy core can
 * ask for an approval and record the change between them.
 */
public final class ProfileWriter {
  private static final Logger LOG = LoggerFactory.getLogger(ProfileWriter.class);

  /** Stores text under one key of a ConfigMap; production passes {@code Kube::putConfigMapKey}. */
  @FunctionalInterface
  public interface ConfigMapWriter {
    void put(String namespace, String name, String key, String text);
  }

  private final SiteProfiles profiles;
  private final ConfigMapWriter writer;

  private ProfileWriter(SiteProfiles profiles, ConfigMapWriter writer) {
    this.profiles = profiles;
    this.writer = writer;
  }

  public static ProfileWriter writingWith(SiteProfiles profiles, ConfigMapWriter writer) {
    return new ProfileWriter(profiles, writer);
  }

  /** A server that has no cluster writer: every write is refused. */
  public static ProfileWriter readOnly(SiteProfiles profiles) {
    return new ProfileWriter(profiles, null);
  }

  /**
   * Checks the profile a request body carries against the profile stored now, which it reads. The
   * checks run in the reference's order, each with its status: a file-backed profile (400), no
   * writer (403), a body that is not JSON or carries both or neither form (400), a profile that
   * does not parse (400); then the stored profile is read (502 when it cannot be).
   *
   * @param body the request body, {@code {"yaml": "..."}} or {@code {"profile": {...}}}
   */
  public ProfileChange prepare(String body) {
    ConfigMapProfileStore target = target();
    if (writer == null) {
      throw new SiteStateException(
          ErrorKind.FORBIDDEN,
          "this swissd cannot write to the cluster: it was started without a cluster writer");
    }
    String text = ProfileRequest.parse(body).text();
    Profile profile = check(text, target.location());
    String before = stored(target);
    return new ProfileChange(
        target.location(), before, text, profile, requiresApproval(before, target.location()));
  }

  /**
   * Stores a checked change, and serves it from now on.
   *
   * @return the stored text and the profile it parses to
   * @throws SiteStateException {@code UPSTREAM_FAILED} when the ConfigMap cannot be written
   */
  public ProfileAnswer store(ProfileChange change) {
    ConfigMapProfileStore target = target();
    store(target, change.after());
    profiles.replace(change.after(), change.profile());
    LOG.info("site profile {} stored: {}", target.location(), change.profile().name());
    return ProfileAnswer.stored(target.location(), change.profile(), change.after());
  }

  /** Checks and stores at once, with no approval and no audit row: for this package's tests. */
  ProfileAnswer write(String body) {
    return store(prepare(body));
  }

  /** The stored text; empty on a site not set up yet. */
  private static String stored(ConfigMapProfileStore target) {
    try {
      return target.read();
    } catch (SiteStateException e) {
      if (e.kind() == ErrorKind.NOT_FOUND) {
        return "";
      }
      throw new SiteStateException(
          e.kind(),
          "%s -- the stored profile decides whether this change needs approval; nothing was stored"
              .formatted(e.getMessage()),
          e);
    }
  }

  /** A stored text that does not parse is an unconfigured site: it asks for nothing. */
  private static boolean requiresApproval(String stored, String origin) {
    try {
      return !stored.isEmpty() && Profile.parse(stored, origin).requireApproval();
    } catch (ProfileException e) {
      return false;
    }
  }

  private ConfigMapProfileStore target() {
    ProfileStore store = profiles.store();
    if (store instanceof ConfigMapProfileStore configMap) {
      return configMap;
    }
    throw new SiteStateException(
        ErrorKind.INVALID,
        "this swissd reads its profile from a file, not from the cluster; edit %s"
            .formatted(store.location()));
  }

  private static Profile check(String text, String origin) {
    try {
      return Profile.parse(text, origin);
    } catch (ProfileException e) {
      throw new SiteStateException(
          ErrorKind.INVALID, "%s -- nothing was stored".formatted(e.getMessage()), e);
    }
  }

  private void store(ConfigMapProfileStore target, String text) {
    try {
      writer.put(target.namespace(), target.name(), target.key(), text);
    } catch (RuntimeException e) {
      throw new SiteStateException(
          ErrorKind.UPSTREAM_FAILED,
          "site profile %s not stored: %s".formatted(target.location(), e.getMessage()),
          e);
    }
  }
}
