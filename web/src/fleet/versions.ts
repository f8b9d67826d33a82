// Which catalog version a release could move to: what the Deployments list's "available" chip and
// "Behind catalog" count read, from the catalog index the UI already fetches.
import type { IndexModel } from "../api/catalog";

/**
 * Orders two versions as people mean them: dotted numbers compare as numbers (1.10.0 > 1.9.0),
 * anything else as text; a release without a pre-release suffix is newer than one with it.
 */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA = ""] = splitPre(a);
  const [coreB, preB = ""] = splitPre(b);
  const partsA = coreA.split(".");
  const partsB = coreB.split(".");
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i++) {
    const order = comparePart(partsA[i] ?? "0", partsB[i] ?? "0");
    if (order !== 0) {
      return order;
    }
  }
  if (preA === preB) {
    return 0;
  }
  return preA === "" ? 1 : preB === "" ? -1 : preA.localeCompare(preB);
}

/** `v1.1.0-rc.1` as its dotted core and its pre-release suffix. */
function splitPre(version: string): [string, string?] {
  const bare = version.replace(/^v/, "");
  const cut = bare.indexOf("-");
  return cut < 0 ? [bare] : [bare.slice(0, cut), bare.slice(cut + 1)];
}

function comparePart(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) {
    return Number(a) - Number(b);
  }
  return a.localeCompare(b);
}

/**
 * The newest version the catalog lists for `model` when it is newer than `deployed`; undefined
 * when the release runs the newest, or the catalog does not list the model.
 */
export function newerVersion(model: string | undefined, deployed: string | undefined, catalog: readonly IndexModel[] | undefined): string | undefined {
  if (!model || !deployed || !catalog) {
    return undefined;
  }
  const entry = catalog.find((candidate) => candidate.name === model);
  const newest = entry?.versions.map((version) => version.version).reduce<string | undefined>((best, version) => (best === undefined || compareVersions(version, best) > 0 ? version : best), undefined);
  return newest !== undefined && compareVersions(newest, deployed) > 0 ? newest : undefined;
}
