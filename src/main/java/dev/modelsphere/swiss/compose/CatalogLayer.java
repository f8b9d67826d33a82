package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Image;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.values.Tree;
import java.util.Map;
import java.util.Objects;

/**
 * The catalog layer: the variant's values with the entry's identity projected on top, so the served
 * name, GPU count and image are spelled once in the catalog and can't disagree.
 */
final class CatalogLayer {
  private CatalogLayer() {}

  static Map<String, Object> build(Entry entry, Variant variant) {
    // The variant's values are frozen: share what the layer leaves as it is, copy what it sets.
    Map<String, Object> layer = Tree.sharingCopy(variant.values());
    Tree.set(layer, "model.name", entry.servedModelName());
    // The charts take the GPU count as a string: it lands in a resource quantity.
    Tree.set(layer, "model.gpus", String.valueOf(variant.requires().gpus()));
    Image image = variant.image();
    if (image != null) {
      // An image without a repository or tag still names both, as "", the way the reference
      // writes a Go struct's empty string: an explicit null would make helm drop the chart default.
      Tree.set(layer, "image.repository", Objects.requireNonNullElse(image.repository(), ""));
      Tree.set(layer, "image.tag", Objects.requireNonNullElse(image.tag(), ""));
      if (image.digest() != null && !image.digest().isEmpty()) {
        Tree.set(layer, "image.digest", image.digest());
      }
    }
    return layer;
  }
}
