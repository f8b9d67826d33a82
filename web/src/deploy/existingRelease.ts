// The deploy form's check that its Service ID does not already name a release: deploying over a
// live release is an apply over it, which an operator who meant a second service does not expect.
import type { StatusReport } from "../api/releases";

export interface ReleaseRef {
  namespace: string;
  release: string;
}

// helm's limit on a release name, and Kubernetes' on a namespace: a name that breaks either can
// name no release, and asking about it would only earn a 400.
const RELEASE_NAME = /^[a-z0-9]([-a-z0-9]{0,51}[a-z0-9])?$/;
const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/**
 * The release the server names after a Service ID, as its rule (plan.ReleaseName) makes one:
 * lowercase, '-' for every other character than a letter, digit or '-', no '-' at either end,
 * within helm's 53.
 */
export function releaseNameOf(serviceId: string): string {
  const dashed = serviceId.trim().toLowerCase().replace(/[^-a-z0-9]/g, "-").replace(/^-+|-+$/g, "");
  return dashed.slice(0, 53).replace(/-+$/, "");
}

/** The release a deploy of this form would write, or undefined while the fields cannot name one. */
export function deployTarget(serviceId: string, namespace: string, defaultNamespace: string): ReleaseRef | undefined {
  const release = releaseNameOf(serviceId);
  const ns = namespace.trim() || defaultNamespace;
  return RELEASE_NAME.test(release) && NAMESPACE.test(ns) ? { namespace: ns, release } : undefined;
}

export interface ExistingRelease extends ReleaseRef {
  revision: number;
  /** What runs there now, when swiss's status names it. */
  model?: string;
  /** A helm release swiss does not keep (installed by hand): a deploy can adopt it. */
  untracked: boolean;
}

/** What the status says is already there, or undefined when the name is free. */
export function existingRelease(status: StatusReport | undefined): ExistingRelease | undefined {
  if (!status?.exists) {
    return undefined;
  }
  return { namespace: status.namespace, release: status.release, revision: status.revision, model: status.model || undefined, untracked: status.backend === undefined };
}
