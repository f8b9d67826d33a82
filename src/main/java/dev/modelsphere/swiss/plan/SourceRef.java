package dev.modelsphere.swiss.plan;

import dev.modelsphere.swiss.values.Nulls;
import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * Where the model came from. {@code catalog} is the catalog's location, {@code catalogName} the
 * name the site profile gives it, {@code hf} the model's Hugging Face repository. Neither of the
 * last two is hashed (see {@link #hashed()}).
 */
@RecordBuilder
public record SourceRef(
    String catalog,
    String catalogName,
    String ref,
    String model,
    String hf,
    String version,
    String digest,
    String variant)
    implements SourceRefBuilder.With {
  public SourceRef {
    catalog = Nulls.orEmpty(catalog);
    catalogName = Nulls.orEmpty(catalogName);
    ref = Nulls.orEmpty(ref);
    model = Nulls.orEmpty(model);
    hf = Nulls.orEmpty(hf);
    version = Nulls.orEmpty(version);
    digest = Nulls.orEmpty(digest);
    variant = Nulls.orEmpty(variant);
  }

  /**
   * The source as the hash covers it. {@code catalogName} is left out because renaming a catalog in
   * the site profile must not turn every plan into an edited one. {@code hf} is left out because
   * what renders from it is {@code model.localPath}, which the values already carry, and because a
   * server older than the field drops it when it reads a plan: hashing it would make that server
   * refuse every newer plan as edited.
   */
  public SourceRef hashed() {
    return withCatalogName("").withHf("");
  }

  /** The same source without the site's name for its catalog. */
  public SourceRef withoutCatalogName() {
    return withCatalogName("");
  }
}
