import type { FitNode, Requires } from "../../api/catalog";
import { describeFit, fit } from "../../deploy/fit";
import { Badge } from "../ui/Badge";

/** Whether the variant fits this cluster's nodes; the node list may still load or fail. */
export function FitBadge({ requires, nodes, error }: { requires: Requires; nodes?: FitNode[]; error?: boolean }) {
  if (error) {
    return <Badge tone="muted" title="the node list could not be read">fit unknown</Badge>;
  }
  if (!nodes) {
    return <Badge tone="muted">checking fit…</Badge>;
  }
  const result = fit(requires, nodes);
  return (
    <Badge tone={result.ok ? "success" : "danger"} title="schedulable nodes with enough GPUs of the variant's vendor and product">
      {result.ok ? "fits" : "does not fit"}: {describeFit(result)}
    </Badge>
  );
}
