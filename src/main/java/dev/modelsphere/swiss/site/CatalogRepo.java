package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.modelsphere.swiss.values.Nulls;

/**
 * A named model catalog the site offers.
 *
 * @param isDefault {@code default: true} in YAML: the catalog used when a request names none
 * @param signer the OpenSSH public key line ({@code ssh-ed25519 AAAA...}) whose signature the index
 *     must carry; empty: the index is taken unsigned
 */
public record CatalogRepo(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String name,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String url,
    @JsonProperty("default") @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean isDefault,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String signer) {

  /** The name given to a catalog that has none of its own (the legacy single {@code catalog}). */
  public static final String DEFAULT_CATALOG_NAME = "default";

  public CatalogRepo {
    // Trimmed as the reference trims them, so a stray space in the profile names the same thing.
    name = Nulls.orEmpty(name).strip();
    url = Nulls.orEmpty(url).strip();
    signer = Nulls.orEmpty(signer).strip();
  }

  /** A catalog taken unsigned. */
  public CatalogRepo(String name, String url, boolean isDefault) {
    this(name, url, isDefault, "");
  }
}
