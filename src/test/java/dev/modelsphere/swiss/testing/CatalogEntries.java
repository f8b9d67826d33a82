package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Source;
import java.nio.charset.StandardCharsets;

/**
 * Catalog entries written inline: a version file, with the facts only an index gives ({@code hf},
 * the digest) laid over it as the index would.
 */
public final class CatalogEntries {
  private CatalogEntries() {}

  /** The version file as an entry whose index records {@code hf} and a made-up digest. */
  public static Entry fromVersionFile(String yaml, String hf) {
    Entry e = Entry.parseYaml(yaml.getBytes(StandardCharsets.UTF_8));
    return new Entry(
        e.apiVersion(),
        e.name(),
        e.version(),
        e.servedName(),
        e.displayName(),
        e.description(),
        e.family(),
        e.license(),
        e.homepage(),
        e.tags(),
        e.deprecated(),
        e.variants(),
        new Source(hf, null, null),
        "sha256:" + "ab".repeat(32));
  }
}
