package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.ProfileException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The site profile as the server serves it: read from its store, kept for one TTL ({@code
 * server.cacheTTL}) once it parses, and replaced at once when the server writes a new one. A
 * profile that cannot be read or does not parse is read again on the next call, so a fix made by
 * hand shows at once. Thread-safe.
 */
public final class SiteProfiles {
  private final ProfileStore store;
  private final Duration ttl;
  private final Clock clock;
  private final AtomicReference<ProfileSnapshot> held = new AtomicReference<>();

  public SiteProfiles(ProfileStore store, Duration ttl, Clock clock) {
    this.store = store;
    this.ttl = ttl;
    this.clock = clock;
  }

  public ProfileStore store() {
    return store;
  }

  /**
   * The parsed profile.
   *
   * @throws SiteStateException {@code UNAVAILABLE} when it cannot be read or does not parse; the
   *     message is the store's or the parser's
   */
  public Profile profile() {
    ProfileSnapshot snapshot;
    try {
      snapshot = snapshot();
    } catch (SiteStateException e) {
      throw new SiteStateException(ErrorKind.UNAVAILABLE, e.getMessage(), e);
    }
    return snapshot
        .parsed()
        .orElseThrow(() -> new SiteStateException(ErrorKind.UNAVAILABLE, snapshot.problem()));
  }

  /** The parsed profile, or empty when it cannot be read or does not parse. */
  public Optional<Profile> profileIfReadable() {
    try {
      return Optional.of(profile());
    } catch (SiteStateException e) {
      return Optional.empty();
    }
  }

  /** Whether the site is set up: its profile can be read and parses. */
  public boolean initialized() {
    return profileIfReadable().isPresent();
  }

  /** The name of the profile held in memory, however old; never reads the store. */
  public Optional<String> cachedName() {
    return Optional.ofNullable(held.get()).flatMap(ProfileSnapshot::parsed).map(Profile::name);
  }

  /**
   * {@code GET /api/profile}: the stored text with the parsed profile, or with why it does not
   * parse (an unparsable profile is an unconfigured site, not a failure).
   *
   * @throws SiteStateException {@code NOT_FOUND} with the setup hint when the site is not set up,
   *     {@code UPSTREAM_FAILED} when the store cannot be read
   */
  public ProfileAnswer answer() {
    return ProfileAnswer.read(store.location(), snapshot());
  }

  /**
   * {@code GET /api/profile/template}: the default profile that pre-fills the setup form.
   *
   * @throws SiteStateException {@code INTERNAL} when the built-in default does not parse
   */
  public ProfileAnswer template() {
    String text = Profile.defaultYaml("");
    try {
      return ProfileAnswer.stored(
          store.location(), Profile.parse(text, "the default profile"), text);
    } catch (ProfileException e) {
      throw new SiteStateException(
          ErrorKind.FAILED,
          "the built-in default profile does not parse, a bug in swiss: %s"
              .formatted(e.getMessage()),
          e);
    }
  }

  /**
   * The current reading: the held one while younger than the TTL, else a fresh read, held only when
   * it parses.
   */
  ProfileSnapshot snapshot() {
    Instant now = clock.instant();
    ProfileSnapshot current = held.get();
    if (current != null && now.isBefore(current.readAt().plus(ttl))) {
      return current;
    }
    ProfileSnapshot fresh = ProfileSnapshot.of(store.read(), store.location(), now);
    return fresh.parsed().isPresent() ? keepNewest(fresh) : fresh;
  }

  /** A profile the server has just stored: served from now on, without reading it back. */
  void replace(String text, Profile profile) {
    keepNewest(new ProfileSnapshot(text, profile, null, clock.instant()));
  }

  /**
   * Keeps the later of the held reading and {@code candidate}: a read that began before a write
   * finished must not put the old text back.
   */
  private ProfileSnapshot keepNewest(ProfileSnapshot candidate) {
    return held.accumulateAndGet(
        candidate,
        (current, next) ->
            current == null || !next.readAt().isBefore(current.readAt()) ? next : current);
  }
}
