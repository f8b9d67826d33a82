package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;

/** Another site, offered in the web UI's site switcher. */
public record SiteLink(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String name,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String url) {
  public SiteLink {
    // Trimmed as the reference trims them, so a stray space in the profile names the same thing.
    name = Nulls.orEmpty(name).strip();
    url = Nulls.orEmpty(url).strip();
  }
}
