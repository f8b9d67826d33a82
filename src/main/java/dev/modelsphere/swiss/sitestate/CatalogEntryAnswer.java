package dev.modelsphere.swiss.sitestate;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Image;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.ProfileException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The body of {@code GET /api/catalog/{model}}: the whole entry, chart values included, and what
 * this site would make of it, so the deploy form can show the real path and image before a plan is
 * composed.
 *
 * @param ref the catalog's ref
 * @param pathTemplate the profile's {@code model.pathTemplate}, unexpanded; absent when the profile
 *     cannot be read
 * @param localPath where this model's weights are on the site's nodes; absent when the profile
 *     cannot be read or the path cannot be made (an {@code hf} that is not {@code org/name})
 * @param imageRepository variant id to the image repository the site pulls, after its mirror; only
 *     variants with an image
 */
public record CatalogEntryAnswer(
    String ref,
    Entry entry,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String pathTemplate,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String localPath,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> imageRepository) {

  public static CatalogEntryAnswer of(CatalogEntry found, Optional<Profile> profile) {
    Entry entry = found.entry();
    String ref = found.catalog().catalog().ref();
    if (profile.isEmpty()) {
      return new CatalogEntryAnswer(ref, entry, null, null, null);
    }
    Profile site = profile.get();
    return new CatalogEntryAnswer(
        ref,
        entry,
        site.model().pathTemplate(),
        localPath(site, entry),
        imageRepositories(site, entry));
  }

  private static String localPath(Profile site, Entry entry) {
    try {
      return site.localPath(entry.source() == null ? null : entry.source().hf(), entry.name());
    } catch (ProfileException e) {
      return null;
    }
  }

  /** Sorted by variant id, the order Go writes a map in. */
  private static Map<String, String> imageRepositories(Profile site, Entry entry) {
    Map<String, String> out = new TreeMap<>();
    for (Variant variant : entry.variants()) {
      Image image = variant.image();
      if (image != null && image.repository() != null && !image.repository().isEmpty()) {
        out.put(variant.id(), site.mirrorImage(image.repository()));
      }
    }
    return out;
  }
}
