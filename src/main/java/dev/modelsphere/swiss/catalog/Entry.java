package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One model at one version: the version file as published, with the model's metadata from the index
 * laid over it. {@code source} and {@code digest} only ever come from the index; a version file
 * cannot carry them.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "apiVersion",
  "name",
  "version",
  "digest",
  "servedName",
  "displayName",
  "description",
  "family",
  "license",
  "homepage",
  "tags",
  "deprecated",
  "source",
  "variants"
})
public record Entry(
    String apiVersion,
    String name,
    String version,
    String servedName,
    String displayName,
    String description,
    String family,
    String license,
    String homepage,
    List<String> tags,
    Object deprecated,
    @JsonInclude(JsonInclude.Include.ALWAYS) List<Variant> variants,
    @JsonInclude(JsonInclude.Include.NON_NULL) Source source,
    String digest) {

  public Entry {
    tags = tags == null ? List.of() : List.copyOf(tags);
    variants = variants == null ? List.of() : List.copyOf(variants);
  }

  /**
   * Parses a version file strictly: unknown keys, {@code source} and {@code digest} included, are
   * refused.
   */
  public static Entry parseYaml(byte[] yaml) {
    String text = new String(yaml, StandardCharsets.UTF_8);
    if (text.isBlank()) {
      throw new CatalogException("the document is empty");
    }
    try {
      return Yaml.read("", text, VersionFile.class).toEntry();
    } catch (ValuesException e) {
      throw new CatalogException(e.getMessage(), e);
    }
  }

  /** What the engine advertises as the model name: {@code servedName}, else {@code name}. */
  public String servedModelName() {
    return servedName == null || servedName.isEmpty() ? name : servedName;
  }

  public Variant variant(String id) {
    return variants.stream()
        .filter(v -> Objects.equals(v.id(), id))
        .findFirst()
        .orElseThrow(() -> CatalogException.missing(name, "variant", id, variantIds()));
  }

  /** The variant marked default, else the first. */
  public Variant defaultVariant() {
    if (variants.isEmpty()) {
      throw new CatalogException("model \"" + name + "\" has no variants");
    }
    return variants.stream().filter(Variant::isDefault).findFirst().orElse(variants.get(0));
  }

  /**
   * This entry as the index describes it: the version row's digest, and the model's source and
   * cosmetic fields in place of whatever the version file said (even where the index is empty).
   */
  Entry withIndexFacts(IndexModel model, IndexVersion row) {
    return new Entry(
        apiVersion,
        name,
        version,
        servedName,
        model.displayName(),
        model.description(),
        model.family(),
        license,
        homepage,
        model.tags(),
        model.deprecated(),
        variants,
        model.source(),
        row.digest());
  }

  private String variantIds() {
    return variants.stream().map(Variant::id).collect(Collectors.joining(" ", "[", "]"));
  }

  /** The keys a version file may have; everything else, {@code source} included, is an error. */
  private record VersionFile(
      String apiVersion,
      String name,
      String version,
      String servedName,
      String displayName,
      String description,
      String family,
      String license,
      String homepage,
      List<String> tags,
      Object deprecated,
      List<Variant> variants) {

    Entry toEntry() {
      return new Entry(
          apiVersion,
          name,
          version,
          servedName,
          displayName,
          description,
          family,
          license,
          homepage,
          tags,
          deprecated,
          variants,
          null,
          null);
    }
  }
}
