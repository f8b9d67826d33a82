package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Where the site pulls engine images from. */
public record Registry(@JsonInclude(JsonInclude.Include.NON_EMPTY) String mirror) {
  public Registry {
    mirror = Text.orEmpty(mirror).strip();
  }

  public static Registry none() {
    return new Registry("");
  }

  /**
   * The repository as pulled through the mirror: the mirror prefix plus the repository's last path
   * segment ({@code lmsysorg/sglang} via {@code ghcr.io/modelsphere} is {@code
   * ghcr.io/modelsphere/sglang}). Without a mirror the repository is returned unchanged.
   */
  public String mirrorImage(String repository) {
    if (mirror.isEmpty()) {
      return repository;
    }
    String prefix = mirror.replaceAll("/+$", "");
    String last = repository.substring(repository.lastIndexOf('/') + 1);
    return prefix + "/" + last;
  }
}
