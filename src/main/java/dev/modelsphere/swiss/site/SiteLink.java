package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Another site, offered in the web UI's site switcher. */
public record SiteLink(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String name,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String url) {
  public SiteLink {
    name = Text.trimmed(name);
    url = Text.trimmed(url);
  }
}
