package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Json;
import dev.modelsphere.swiss.values.Nulls;
import dev.modelsphere.swiss.values.ValuesException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The catalog's listing, {@code index.json}: every model, its metadata and its published versions.
 *
 * @param site where the catalog's website is published, optional
 * @param count the number of models; checked only when non-zero
 * @param serial raised by the publisher on every signed publish; covered by the signature, so a
 *     server that saw serial 5 refuses a replayed index with serial 4. Required when the catalog
 *     has a signer, 0 (absent) otherwise
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Index(
    String apiVersion,
    String site,
    int count,
    // A client looks models up in the list: an empty catalog is [], never absent.
    @JsonInclude(JsonInclude.Include.ALWAYS) List<IndexModel> models,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) long serial) {
  public static final String API_VERSION = "catalog.swiss/v1";

  public Index {
    models = models == null ? List.of() : List.copyOf(models);
  }

  /** Parses and validates an index; every problem is reported prefixed {@code index.json: }. */
  public static Index parse(byte[] json) {
    try {
      Index index = Json.read("", json, Index.class);
      index.validate();
      return index;
    } catch (ValuesException | CatalogException e) {
      throw new CatalogException("index.json: " + e.getMessage(), e);
    }
  }

  public Optional<IndexModel> model(String name) {
    return models.stream().filter(m -> m.name().equals(name)).findFirst();
  }

  private void validate() {
    if (!API_VERSION.equals(apiVersion)) {
      throw new CatalogException(
          "apiVersion \"" + Nulls.orEmpty(apiVersion) + "\", want \"" + API_VERSION + "\"");
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < models.size(); i++) {
      IndexModel model = models.get(i);
      String name = Nulls.orEmpty(model.name());
      if (name.isEmpty()) {
        throw new CatalogException("models[" + i + "] has no name");
      }
      if (model.versions().isEmpty()) {
        throw new CatalogException("model \"" + name + "\" has no versions");
      }
      if (!names.add(name)) {
        throw new CatalogException("model \"" + name + "\" listed twice");
      }
      validateVersions(model);
    }
    if (serial < 0) {
      throw new CatalogException("serial is " + serial + "; a serial is a positive number");
    }
    if (count != 0 && count != models.size()) {
      throw new CatalogException(
          "count is " + count + " but " + models.size() + " models are listed");
    }
  }

  private static void validateVersions(IndexModel model) {
    String name = model.name();
    Set<String> seen = new HashSet<>();
    for (IndexVersion row : model.versions()) {
      String version = Nulls.orEmpty(row.version());
      if (version.isEmpty()) {
        throw new CatalogException("model \"" + name + "\" has an unnamed version");
      }
      String what = name + " " + version;
      if (Nulls.orEmpty(row.path()).isEmpty()) {
        throw new CatalogException(what + " has no path");
      }
      if (Nulls.orEmpty(row.digest()).isEmpty()) {
        throw new CatalogException(
            what + " has no digest -- a pin cannot be verified without one; rebuild the index");
      }
      if (!seen.add(version)) {
        throw new CatalogException(what + " listed twice");
      }
      try {
        SafePath.check(row.path());
      } catch (CatalogException e) {
        throw new CatalogException(what + ": " + e.getMessage());
      }
    }
    String latest = Nulls.orEmpty(model.latest());
    if (!seen.contains(latest)) {
      throw new CatalogException(
          "model \""
              + name
              + "\" names latest \""
              + latest
              + "\", which is not published (have: "
              + model.versionNames()
              + ")");
    }
  }
}
