import type { UseQueryResult } from "@tanstack/react-query";
import { ApiError } from "../../api/http";
import type { ReleasePlan } from "../../api/releases";
import { Provenance } from "../Provenance";
import { Card } from "../ui/Card";
import { ErrorState, Loading } from "../ui/States";
import { placementLine, placementOf, type Placement } from "../../deploy/placement";
import { Facts } from "./Facts";

/** The plan read 404 means swiss keeps no plan beside the release: untracked, not a failure. */
export const isUntracked = (plan: UseQueryResult<ReleasePlan>) => plan.error instanceof ApiError && plan.error.status === 404;

/**
 * The stored plan the release was last deployed from, with where each value came from; its
 * scheduling line is `placement` when the page knows the catalog variant's needs too.
 */
export function PlanCard({ plan, placement }: { plan: UseQueryResult<ReleasePlan>; placement?: Placement }) {
  return (
    <Card title="Plan">
      {plan.isPending ? (
        <Loading what="the release plan" />
      ) : isUntracked(plan) ? (
        <p className="text-sm text-slate-700">Untracked: there is no plan beside this release, so swiss did not deploy it.</p>
      ) : plan.isError ? (
        <ErrorState error={plan.error} retry={() => void plan.refetch()} />
      ) : (
        <div className="flex flex-col gap-3">
          <Facts
            items={[
              ["Model", `${plan.data.source.model}${plan.data.source.version ? ` v${plan.data.source.version}` : ""}`],
              ["Variant", plan.data.source.variant],
              ["Engine", plan.data.engine],
              ["Scheduling", placementLine(placement ?? placementOf(plan.data.layers))],
              ["Chart", `${plan.data.chart.name}-${plan.data.chart.version}`],
              ["Catalog", plan.data.source.catalogName ?? plan.data.source.catalog],
              ["Digest", plan.data.source.digest],
              ["Profile", plan.data.profile],
              ["Hash", <span className="font-mono text-xs">{plan.data.hash}</span>],
            ]}
          />
          <Provenance plan={plan.data} />
        </div>
      )}
    </Card>
  );
}
