package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A model as the index lists it: its metadata (which may be edited in place) and its published
 * versions (which may not).
 *
 * @param deprecated {@code true}, or a message saying why; null when not deprecated
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record IndexModel(
    String name,
    String displayName,
    String description,
    String family,
    List<String> tags,
    Object deprecated,
    List<IndexTuning> tuning,
    @JsonInclude(JsonInclude.Include.NON_NULL) Source source,
    String latest,
    @JsonInclude(JsonInclude.Include.ALWAYS) List<IndexVersion> versions) {

  public IndexModel {
    tags = tags == null ? List.of() : List.copyOf(tags);
    tuning = tuning == null ? List.of() : List.copyOf(tuning);
    versions = versions == null ? List.of() : List.copyOf(versions);
  }

  /** The version row for {@code want}; null or empty means the latest. */
  public IndexVersion version(String want) {
    String target = want == null || want.isEmpty() ? latest : want;
    return versions.stream()
        .filter(v -> v.version().equals(target))
        .findFirst()
        .orElseThrow(() -> CatalogException.missing(name, "version", target, versionNames()));
  }

  String versionNames() {
    return versions.stream().map(IndexVersion::version).collect(Collectors.joining(" ", "[", "]"));
  }
}
