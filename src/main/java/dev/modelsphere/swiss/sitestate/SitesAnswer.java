package dev.modelsphere.swiss.sitestate;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.SiteLink;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code GET /api/sites}: this site's name and the other sites its profile links to.
 *
 * @param self the profile's name; empty when the profile cannot be read
 * @param sites the profile's sites without this one; null (not omitted) when the profile cannot be
 *     read
 */
public record SitesAnswer(
    String self, @JsonInclude(JsonInclude.Include.ALWAYS) List<SiteLink> sites) {

  static SitesAnswer of(Optional<Profile> profile) {
    return profile.map(p -> new SitesAnswer(p.name(), others(p))).orElse(new SitesAnswer("", null));
  }

  /** The profile's sites except the one named like the profile: the switcher lists elsewhere. */
  static List<SiteLink> others(Profile profile) {
    return profile.sites().stream().filter(s -> !s.name().equals(profile.name())).toList();
  }
}
