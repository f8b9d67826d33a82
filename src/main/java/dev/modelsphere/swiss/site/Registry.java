package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;

/** Where the site pulls engine images from. */
public record Registry(@JsonInclude(JsonInclude.Include.NON_EMPTY) String mirror) {
  public Registry {
    mirror = Nulls.orEmpty(mirror);
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
    // One trailing slash is the usual way to write a prefix; more than one, or spaces, are
    // written into the image as given, as the reference does, so the same profile gives the
    // same plan in both.
    String prefix = mirror.endsWith("/") ? mirror.substring(0, mirror.length() - 1) : mirror;
    String last = repository.substring(repository.lastIndexOf('/') + 1);
    return prefix + "/" + last;
  }
}
