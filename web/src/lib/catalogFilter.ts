// The Catalog page's search box and its engine and hardware filters, over the variants of each
// model's latest version (what the page's cards show).
import type { IndexModel, IndexVariant } from "../api/catalog";
import { vendorLabel } from "../deploy/fit";

export interface CatalogFilter {
  /** Words each model must contain, in its name, display name, description, family or tags. */
  search: string;
  engine: string;
  /** A vendor ("NVIDIA") or a GPU product ("NVIDIA-H100-80GB-HBM3"). */
  hardware: string;
}

export function latestVariants(model: IndexModel): IndexVariant[] {
  const latest = model.versions.find((version) => version.version === model.latest) ?? model.versions[0];
  return latest?.variants ?? [];
}

/**
 * Whether a variant runs on `hardware`: its vendor, a product it names, or any product of its
 * vendor when it names none (`productVendors` says which vendor a product is).
 */
function runsOnHardware(variant: IndexVariant, hardware: string, productVendors: Map<string, string>): boolean {
  const vendor = vendorLabel(variant.requires);
  const products = variant.requires.gpuProduct ?? [];
  if (hardware === vendor) {
    return true;
  }
  return products.length > 0 ? products.includes(hardware) : productVendors.get(hardware) === vendor;
}

export function modelMatches(model: IndexModel, filter: CatalogFilter, productVendors: Map<string, string>): boolean {
  const variants = latestVariants(model);
  if (filter.engine && !variants.some((variant) => variant.engine === filter.engine)) {
    return false;
  }
  if (filter.hardware && !variants.some((variant) => runsOnHardware(variant, filter.hardware, productVendors))) {
    return false;
  }
  const text = [model.name, model.displayName, model.description, model.family, ...(model.tags ?? [])].filter(Boolean).join(" ").toLowerCase();
  return filter.search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** The filters' choices over the catalog: engines, and hardware as vendors then the products they name. */
export function catalogChoices(models: readonly IndexModel[]): { engines: string[]; vendors: string[]; productVendors: Map<string, string> } {
  const variants = models.flatMap(latestVariants);
  const productVendors = new Map<string, string>();
  for (const variant of variants) {
    for (const product of variant.requires.gpuProduct ?? []) {
      productVendors.set(product, vendorLabel(variant.requires));
    }
  }
  return {
    engines: [...new Set(variants.map((variant) => variant.engine))].sort(),
    vendors: [...new Set(variants.map((variant) => vendorLabel(variant.requires)))].sort(),
    productVendors: new Map([...productVendors].sort(([a], [b]) => a.localeCompare(b))),
  };
}
