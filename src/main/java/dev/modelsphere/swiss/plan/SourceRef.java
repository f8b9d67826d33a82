package dev.modelsphere.swiss.plan;

/**
 * Where the model came from. {@code catalog} is the catalog's location, {@code catalogName} the
 * name the site profile gives it (not hashed: a rename must not invalidate plans), {@code hf} the
 * model's Hugging Face repository.
 */
public record SourceRef(
    String catalog,
    String catalogName,
    String ref,
    String model,
    String hf,
    String version,
    String digest,
    String variant) {
  public SourceRef {
    catalog = orEmpty(catalog);
    catalogName = orEmpty(catalogName);
    ref = orEmpty(ref);
    model = orEmpty(model);
    hf = orEmpty(hf);
    version = orEmpty(version);
    digest = orEmpty(digest);
    variant = orEmpty(variant);
  }

  /** The same source without the site's name for its catalog. */
  public SourceRef withoutCatalogName() {
    return new SourceRef(catalog, "", ref, model, hf, version, digest, variant);
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }
}
