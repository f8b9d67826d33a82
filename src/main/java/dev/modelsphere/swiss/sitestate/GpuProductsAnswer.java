package dev.modelsphere.swiss.sitestate;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.catalog.Accelerator;
import dev.modelsphere.swiss.catalog.CatalogException;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.error.ErrorKind;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The body of {@code GET /api/catalog/{model}/gpu-products}: the GPU products a variant supports
 * beside the ones this cluster has, so the form can offer what will actually schedule.
 *
 * @param variant the variant's id
 * @param vendor the variant's accelerator vendor, {@code nvidia} unless it names another
 * @param resource the extended resource the vendor's GPUs are requested as
 * @param label the node label holding the vendor's product name
 * @param catalog the products the variant lists; empty when it accepts any
 * @param products every listed product and every product on the cluster, sorted by name
 * @param inventoryError why the nodes could not be listed; the listed products are still given
 */
public record GpuProductsAnswer(
    String variant,
    String vendor,
    String resource,
    String label,
    List<String> catalog,
    List<GpuProduct> products,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String inventoryError) {

  public GpuProductsAnswer {
    catalog = List.copyOf(catalog);
    products = List.copyOf(products);
  }

  /**
   * @param variantId null or empty for the default variant
   * @throws SiteStateException {@code NOT_FOUND} for an unknown variant, {@code BAD_GATEWAY} for a
   *     vendor the catalog should not have published
   */
  public static GpuProductsAnswer of(CatalogEntry found, String variantId, GpuInventory inventory) {
    Variant variant = found.variant(variantId);
    String vendor = variant.requires().vendorOrDefault();
    Accelerator accelerator = accelerator(variant, vendor);
    List<String> listed = variant.requires().gpuProduct();
    Map<String, GpuProduct> products = new TreeMap<>();
    listed.forEach(p -> products.put(p, GpuProduct.listed(p)));
    List<GpuNode> nodes = List.of();
    String inventoryError = null;
    try {
      nodes = inventory.nodes();
    } catch (RuntimeException e) {
      inventoryError = e.getMessage() == null ? e.toString() : e.getMessage();
    }
    for (GpuNode node : nodes) {
      if (counts(node, accelerator.resource())) {
        products.merge(node.product(), GpuProduct.seenOn(node, listed.isEmpty()), GpuProduct::plus);
      }
    }
    return new GpuProductsAnswer(
        variant.id(),
        vendor,
        accelerator.resource(),
        accelerator.productLabel(),
        listed,
        List.copyOf(products.values()),
        inventoryError);
  }

  /** A node without a GPU resource of its own is taken to carry the variant's. */
  private static boolean counts(GpuNode node, String resource) {
    boolean labelled = node.product() != null && !node.product().isEmpty();
    boolean sameResource =
        node.resource() == null || node.resource().isEmpty() || node.resource().equals(resource);
    return labelled && sameResource;
  }

  private static Accelerator accelerator(Variant variant, String vendor) {
    try {
      return Accelerator.forVendor(vendor);
    } catch (CatalogException e) {
      throw new SiteStateException(
          ErrorKind.UPSTREAM_FAILED, "variant %s: %s".formatted(variant.id(), e.getMessage()), e);
    }
  }
}
