package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.ProfileException;
import java.time.Instant;
import java.util.Optional;

/**
 * The profile as read at one moment: the stored text, and either the profile it parses to or why it
 * does not parse. A text that does not parse is still a reading: the site is unconfigured, and the
 * setup page shows the text beside the reason.
 *
 * @param profile null when the text does not parse
 * @param problem why the text does not parse; null when it does
 * @param readAt when the read began; of two readings the later one wins
 */
record ProfileSnapshot(String text, Profile profile, String problem, Instant readAt) {

  /** Parses {@code text}; {@code origin} starts the parse error. */
  static ProfileSnapshot of(String text, String origin, Instant readAt) {
    try {
      return new ProfileSnapshot(text, Profile.parse(text, origin), null, readAt);
    } catch (ProfileException e) {
      return new ProfileSnapshot(text, null, e.getMessage(), readAt);
    }
  }

  Optional<Profile> parsed() {
    return Optional.ofNullable(profile);
  }
}
