import type { CanaryAssignment, CanaryParent, CanaryRelationship } from "../../api/deployments";
import { Card } from "../ui/Card";
import { CanaryBadges } from "../CanaryBadges";
import { Facts } from "./Facts";

/** How the service relates to Canary experiments, member by member, as the server derived it. */
export function CanaryPanel({ relationship, namespace }: { relationship: CanaryRelationship; namespace: string }) {
  const { canaryState, managedBy, assignedTo, uid } = relationship;
  return (
    <Card title="Canary">
      <Facts
        items={[
          ["State", canaryState],
          ["Badges", canaryState === "standalone" ? undefined : <CanaryBadges relationship={relationship} namespace={namespace} />],
          ["Service uid", uid ? <span className="font-mono text-xs">{uid}</span> : undefined],
        ]}
      />
      {canaryState === "standalone" && <p className="mt-2 text-sm text-slate-700">Not part of any Canary experiment.</p>}
      {managedBy && <ParentFacts title="Owned by (managedBy)" parent={managedBy} />}
      {assignedTo && <ParentFacts title="Assigned to (assignedTo)" parent={assignedTo} />}
    </Card>
  );
}

function ParentFacts({ title, parent }: { title: string; parent: CanaryParent | CanaryAssignment }) {
  const owner = "kind" in parent ? parent : undefined;
  return (
    <section className="mt-3" aria-label={title}>
      <h3 className="mb-1 text-sm font-medium">{title}</h3>
      <Facts
        items={[
          ["Kind", owner ? `${owner.kind} (${owner.apiVersion})` : undefined],
          ["Namespace", parent.namespace],
          ["Name", parent.name ?? "not given"],
          ["Arm", parent.arm],
          ["Canary uid", owner?.uid ? <span className="font-mono text-xs">{owner.uid}</span> : undefined],
          ["Verified", parent.verified ? "yes" : "no"],
          ["Reason", parent.reason],
        ]}
      />
    </section>
  );
}
