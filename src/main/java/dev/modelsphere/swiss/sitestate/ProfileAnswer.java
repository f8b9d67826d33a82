package dev.modelsphere.swiss.sitestate;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.site.Profile;

/**
 * The body of {@code GET /api/profile}, {@code GET /api/profile/template} and {@code PUT
 * /api/profile}: where the profile is kept, its text, and the profile it parses to.
 *
 * @param source the store's location ({@code ns/name} or a file)
 * @param profile the parsed profile; absent when the text does not parse
 * @param cluster the profile's name; only the read answer carries it
 * @param yaml the text exactly as stored
 * @param error why the stored text does not parse; only the read answer carries it
 */
public record ProfileAnswer(
    String source,
    @JsonInclude(JsonInclude.Include.NON_NULL) Profile profile,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String cluster,
    String yaml,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String error) {

  static ProfileAnswer read(String source, ProfileSnapshot snapshot) {
    return new ProfileAnswer(
        source,
        snapshot.profile(),
        snapshot.parsed().map(Profile::name).orElse(null),
        snapshot.text(),
        snapshot.problem());
  }

  static ProfileAnswer stored(String source, Profile profile, String text) {
    return new ProfileAnswer(source, profile, null, text, null);
  }
}
