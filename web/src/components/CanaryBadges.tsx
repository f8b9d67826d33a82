import type { CanaryRelationship } from "../api/deployments";
import { Badge } from "./ui/Badge";

interface ParentRef {
  namespace?: string;
  name?: string;
  arm?: string;
}

/** `name`, or `namespace/name` when the Canary lives elsewhere than the service; with its arm. */
export function canaryName(parent: ParentRef, serviceNamespace: string): string {
  const name = parent.name ? (parent.namespace && parent.namespace !== serviceNamespace ? `${parent.namespace}/${parent.name}` : parent.name) : "an unnamed canary";
  return parent.arm ? `${name} (${parent.arm})` : name;
}

function Verification({ verified, reason }: { verified: boolean; reason?: string }) {
  if (verified) {
    return <Badge tone="success">verified</Badge>;
  }
  return (
    <Badge tone="warning" title={reason}>
      unverified{reason ? <span className="sr-only">: {reason}</span> : null}
    </Badge>
  );
}

/**
 * How a service relates to Canary experiments: owned (the Canary made it) or referenced (lent
 * to one), naming the Canary and whether its metadata checks out. Standalone shows nothing.
 * An owned service may also carry an assignment; both are shown.
 */
export function CanaryBadges({ relationship, namespace }: { relationship: CanaryRelationship; namespace: string }) {
  const { canaryState, managedBy, assignedTo } = relationship;
  if (canaryState === "standalone") {
    return null;
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {canaryState === "owned" && (
        <>
          <Badge tone="info">owned by {managedBy ? canaryName(managedBy, namespace) : "an unnamed canary"}</Badge>
          {managedBy && <Verification verified={managedBy.verified} reason={managedBy.reason} />}
        </>
      )}
      {assignedTo && (
        <>
          <Badge tone="info">referenced by {canaryName(assignedTo, namespace)}</Badge>
          <Verification verified={assignedTo.verified} reason={assignedTo.reason} />
        </>
      )}
      {canaryState === "referenced" && !assignedTo && <Badge tone="info">referenced</Badge>}
    </span>
  );
}
