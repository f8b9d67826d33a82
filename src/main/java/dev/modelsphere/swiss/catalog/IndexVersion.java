package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One published version of a model: where its file is, relative to the index, and the digest of
 * that file's exact bytes.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record IndexVersion(
    String version,
    String path,
    String digest,
    @JsonInclude(JsonInclude.Include.ALWAYS) List<IndexVariant> variants) {

  public IndexVersion {
    variants = variants == null ? List.of() : List.copyOf(variants);
  }
}
