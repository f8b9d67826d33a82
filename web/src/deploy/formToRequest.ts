// The deploy settings form and the PlanRequest it becomes. The server composes; this only says
// what the operator chose. Untouched fields are left out so the catalog and site layers stand.
import type { Plan, PlanRequest, Values } from "../api/plans";
import { toYamlDocument } from "../lib/yaml";

export interface DeployForm {
  serviceId: string;
  namespace: string;
  localPath: string;
  /** undefined: as the variant sets it. */
  autoscale?: boolean;
  replicas: string;
  /** undefined: as the variant sets it. */
  publishRoute?: boolean;
  route: string;
  gpuProducts: string[];
  /** Schedule on chosen products the catalog does not list for the variant (`forceGpuProducts`). */
  forceGpuProducts: boolean;
  /** Tolerations, priority class, scheduler: YAML the server parses (`overridesYAML`). */
  schedulingYAML: string;
  /** The plan editor: YAML for the `edit` layer (`editsYAML`). */
  editsYAML: string;
}

export const EMPTY_FORM: DeployForm = {
  serviceId: "",
  namespace: "",
  localPath: "",
  autoscale: undefined,
  replicas: "",
  publishRoute: undefined,
  route: "",
  gpuProducts: [],
  forceGpuProducts: false,
  schedulingYAML: "",
  editsYAML: "",
};

/** What the form deploys: a new release from the catalog, or an upgrade of a deployed one. */
export type PlanTarget =
  | { kind: "deploy"; model: string; version?: string; variant?: string; catalog?: string }
  | { kind: "upgrade"; release: string; namespace: string; serviceId: string; version?: string; variant?: string };

/** The form-layer values the form's own fields set. */
export function formOverrides(form: DeployForm): Values {
  const overrides: Values = {};
  if (form.autoscale !== undefined) {
    overrides.scaler = { enabled: form.autoscale };
  }
  const replicas = form.replicas.trim();
  if (form.autoscale !== true && /^\d+$/.test(replicas)) {
    overrides.replicaCount = Number(replicas);
  }
  const route = routePath(form.route);
  if (form.publishRoute !== undefined || route !== "") {
    overrides.modelRoute = { enabled: form.publishRoute ?? true, ...(route !== "" && { nginx: { route } }) };
  }
  return overrides;
}

/** Routes are names under the entrypoint: a typed leading slash is not part of it. */
export function routePath(text: string): string {
  return text.trim().replace(/^\/+/, "");
}

function nonBlank(text: string): string | undefined {
  return text.trim() === "" ? undefined : text;
}

function trimmed(text: string): string | undefined {
  return text.trim() === "" ? undefined : text.trim();
}

export function toPlanRequest(form: DeployForm, target: PlanTarget): PlanRequest {
  const overrides = formOverrides(form);
  const shared: PlanRequest = {
    version: nonBlank(target.version ?? ""),
    variant: nonBlank(target.variant ?? ""),
    localPath: trimmed(form.localPath),
    gpuProducts: form.gpuProducts.length > 0 ? [...form.gpuProducts] : undefined,
    // Forcing means something only for products actually chosen.
    forceGpuProducts: form.forceGpuProducts && form.gpuProducts.length > 0 ? true : undefined,
    editsYAML: nonBlank(form.editsYAML),
  };
  if (target.kind === "upgrade") {
    // Identity is the deployed release's, whatever the (locked) fields say. Overrides are always
    // sent: non-empty, they make the server treat the form as authoritative, so the edits box
    // replaces the deployed edits. Empty ({}), the server takes a bare upgrade as the reference
    // does: the deployed edits, local path and GPU products are kept and the boxes ignored (the
    // plan shown before applying says so). The server does not carry overridesYAML on an upgrade,
    // so scheduling changes go through the plan editor there.
    return dropUndefined({
      fromRelease: target.release,
      namespace: target.namespace,
      serviceId: target.serviceId,
      ...shared,
      overrides,
    });
  }
  const serviceId = trimmed(form.serviceId);
  // No release: the server names it after the Service ID, made a name charts can build theirs
  // from (granite-3.3-8b is released as granite-3-3-8b); sent as the release, a dotted Service ID
  // would be refused as a name no chart can use.
  return dropUndefined({
    model: target.model,
    catalog: nonBlank(target.catalog ?? ""),
    serviceId,
    namespace: trimmed(form.namespace),
    ...shared,
    overrides: Object.keys(overrides).length > 0 ? overrides : undefined,
    overridesYAML: nonBlank(form.schedulingYAML),
  });
}

function dropUndefined(request: PlanRequest): PlanRequest {
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined)) as PlanRequest;
}

// --- seeding from a plan -------------------------------------------------------------------

const SCHEDULING_KEYS = ["tolerations", "priorityClassName", "schedulerName"] as const;

// The node label keys the server writes GPU products under (nvidia.com/gpu.product, the
// vendors' device-id labels, Ascend's accelerator label).
const PRODUCT_LABEL = /(\.product|device-id|ascend910)$/i;

function child(tree: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === "object" && !Array.isArray(node) ? (node as Values)[key] : undefined), tree);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function bool(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

/** The GPU products of the required node affinity term the server renders from `gpuProducts`. */
export function gpuProductsOf(formLayer: Values): string[] {
  const terms = child(formLayer, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms");
  if (!Array.isArray(terms)) {
    return [];
  }
  for (const term of terms) {
    const expressions = child(term, "matchExpressions");
    for (const expression of Array.isArray(expressions) ? expressions : []) {
      const { key, operator, values } = (expression ?? {}) as { key?: unknown; operator?: unknown; values?: unknown };
      if (typeof key === "string" && PRODUCT_LABEL.test(key) && operator === "In" && Array.isArray(values)) {
        return values.filter((value): value is string => typeof value === "string");
      }
    }
  }
  return [];
}

/**
 * The form a plan was deployed with, read from its `form` layer (what the operator chose, not
 * the composed result) and its `edit` layer, so an upgrade never silently drops a setting.
 */
export function formFromPlan(plan: Plan): DeployForm {
  const form = plan.layers?.form ?? {};
  const scheduling = Object.fromEntries(SCHEDULING_KEYS.filter((name) => name in form).map((name) => [name, form[name]]));
  const replicaCount = form.replicaCount;
  return {
    serviceId: text(form.serviceId) || plan.release.name,
    namespace: plan.release.namespace,
    localPath: text(child(form, "model", "localPath")),
    autoscale: bool(child(form, "scaler", "enabled")),
    replicas: typeof replicaCount === "number" ? String(replicaCount) : "",
    publishRoute: bool(child(form, "modelRoute", "enabled")),
    route: text(child(form, "modelRoute", "nginx", "route")),
    gpuProducts: gpuProductsOf(form),
    // A plan does not say whether its products were forced; the server says so if it matters.
    forceGpuProducts: false,
    schedulingYAML: toYamlDocument(scheduling),
    editsYAML: toYamlDocument(plan.layers?.edit),
  };
}

// --- tuning ----------------------------------------------------------------------------------

export interface OverridePair {
  path: string;
  value: string;
}

/** A typed value: JSON when it reads as JSON (numbers, booleans, null, lists, maps), else the text. */
export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `a.b.c = v` rows as one values tree; rows without a path or a value are skipped. */
export function overridesFromPairs(pairs: OverridePair[]): Values {
  const tree: Values = {};
  for (const { path, value } of pairs) {
    const keys = path.trim().split(".").filter((key) => key !== "");
    if (keys.length === 0 || value.trim() === "") {
      continue;
    }
    let node = tree;
    for (const key of keys.slice(0, -1)) {
      const next = node[key];
      node = (node[key] = next !== null && typeof next === "object" && !Array.isArray(next) ? next : {}) as Values;
    }
    node[keys[keys.length - 1]] = parseValue(value.trim());
  }
  return tree;
}

/** Recompose the live plan without the catalog (spec/canary.md §5). */
export function tuneRequest(release: string, namespace: string, pairs: OverridePair[], editsYAML: string): PlanRequest {
  const overrides = overridesFromPairs(pairs);
  return dropUndefined({
    fromRelease: release,
    namespace,
    reuseSource: true,
    overrides: Object.keys(overrides).length > 0 ? overrides : undefined,
    editsYAML: nonBlank(editsYAML),
  });
}
