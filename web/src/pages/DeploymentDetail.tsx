import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { catalogApi } from "../api/catalog";
import { clusterApi } from "../api/cluster";
import { nodesApi, type NodesReport } from "../api/nodes";
import { placementOf, variantRequires, withRequirement, type Placement } from "../deploy/placement";
import { startupBudgetSeconds } from "../deploy/startupBudget";
import { releasesApi, type ReleasePlan, type StatusReport } from "../api/releases";
import { CanaryBadges } from "../components/CanaryBadges";
import { ReleaseApprovals } from "../components/approvals/ReleaseApprovals";
import { ButtonLink } from "../components/release/ButtonLink";
import { CanaryPanel } from "../components/release/CanaryPanel";
import { InstallStatusCard } from "../components/release/InstallStatusCard";
import { ObjectsCard } from "../components/release/ObjectsCard";
import { historyPath, tunePath, upgradePath } from "../components/release/paths";
import { isUntracked, PlanCard } from "../components/release/PlanCard";
import { PodsCard } from "../components/release/PodsCard";
import { RevisionsCard } from "../components/release/RevisionsCard";
import { RevisionTimeline } from "../components/release/RevisionTimeline";
import { RouteCard } from "../components/release/RouteCard";
import { SloCard } from "../components/release/SloCard";
import { UninstallCard, UninstalledCard, type Uninstalled } from "../components/release/UninstallCard";
import { StatusBadge } from "../components/StatusBadge";
import { ErrorState, Loading } from "../components/ui/States";
import { usePollInterval } from "../live/LiveUpdates";
import { queryKeys } from "../api/queryKeys";

export default function DeploymentDetail() {
  const { namespace = "", release = "" } = useParams();
  const poll = usePollInterval();
  // Once uninstalled here, the page confirms it instead, and stops reading a release that is gone.
  const [uninstalled, setUninstalled] = useState<Uninstalled | null>(null);
  // From the moment an uninstall is sent: the change events it causes arrive before its answer, and
  // the plan read again then would be a 404 of a release being removed.
  const [uninstalling, setUninstalling] = useState(false);
  const live = uninstalled === null && !uninstalling;
  const cluster = useQuery({ queryKey: queryKeys.cluster(), queryFn: clusterApi.cluster, staleTime: 30_000 });
  const status = useQuery({ queryKey: queryKeys.releaseStatus(namespace, release), queryFn: () => releasesApi.status(namespace, release), refetchInterval: poll, enabled: live });
  const plan = useQuery({ queryKey: queryKeys.releasePlan(namespace, release), queryFn: () => releasesApi.plan(namespace, release), retry: false, refetchInterval: poll, enabled: live });
  const canWrite = cluster.data?.allowDeploy === true;
  // The node inventory tells where each pod landed and what it holds, for the Pods card's flags.
  const nodes = useQuery({ queryKey: queryKeys.nodes(), queryFn: nodesApi.nodes, refetchInterval: poll });
  // The catalog says what the variant needs (GPUs, vendor, products) even where the values do not.
  const index = useQuery({
    queryKey: queryKeys.catalogIndex(plan.data?.source.catalogName),
    queryFn: () => catalogApi.index(plan.data?.source.catalogName),
    enabled: plan.data !== undefined,
    staleTime: 300_000,
    retry: false,
  });
  const placement = plan.data ? withRequirement(placementOf(plan.data.layers), variantRequires(index.data?.index, plan.data.source)) : undefined;
  if (uninstalled) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-semibold">{release}</h1>
        <UninstalledCard done={uninstalled} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-xl font-semibold">{release}</h1>
          <p className="text-sm text-slate-700">
            {namespace} · <PlanSummary plan={plan.data} untracked={isUntracked(plan)} />
          </p>
          {status.data && (
            <p className="mt-1 flex flex-wrap items-center gap-1">
              <StatusBadge status={status.data.helmStatus} phase={status.data.llmservice?.phase || status.data.planStatus?.phase} />
              <CanaryBadges relationship={status.data} namespace={namespace} />
            </p>
          )}
        </div>
        <nav aria-label="Release actions" className="flex flex-wrap gap-2">
          <ButtonLink to={historyPath(namespace, release)}>History &amp; rollback</ButtonLink>
          {plan.data && canWrite && <ButtonLink to={upgradePath(namespace, release)}>Upgrade</ButtonLink>}
          {plan.data && canWrite && status.data?.helmStatus === "deployed" && <ButtonLink to={tunePath(namespace, release)}>Tune</ButtonLink>}
        </nav>
      </header>
      <ReleaseApprovals namespace={namespace} release={release} canWrite={canWrite} />
      {status.isPending ? (
        <Loading what="the release status" />
      ) : status.isError ? (
        <ErrorState error={status.error} retry={() => void status.refetch()} />
      ) : (
        <StatusCards status={status.data} placement={placement} inventory={nodes.data} startupBudgetSeconds={startupBudgetSeconds(plan.data)} />
      )}
      <ObjectsCard namespace={namespace} release={release} />
      <PlanCard plan={plan} placement={placement} />
      {status.data?.exists && <SloCard namespace={namespace} release={release} canWrite={canWrite} />}
      <RevisionTimeline namespace={namespace} release={release} planStatus={status.data?.planStatus} />
      <RevisionsCard namespace={namespace} release={release} canWrite={canWrite} />
      {canWrite && status.data?.exists && <UninstallCard status={status.data} plan={plan.data} inventory={nodes.data} onUninstalling={setUninstalling} onUninstalled={setUninstalled} />}
    </div>
  );
}

function PlanSummary({ plan, untracked }: { plan?: ReleasePlan; untracked: boolean }) {
  if (untracked) {
    return <>untracked — no plan beside this release</>;
  }
  if (!plan) {
    return null;
  }
  const version = plan.source.version ? ` v${plan.source.version}` : "";
  return (
    <>
      {plan.source.model}
      {version} · {plan.source.variant} · {plan.chart.name}-{plan.chart.version}
    </>
  );
}

function StatusCards({ status, placement, inventory, startupBudgetSeconds }: { status: StatusReport; placement?: Placement; inventory?: NodesReport; startupBudgetSeconds?: number }) {
  return (
    <>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <InstallStatusCard status={status} />
        <CanaryPanel relationship={status} namespace={status.namespace} />
      </div>
      <PodsCard status={status} placement={placement} inventory={inventory} startupBudgetSeconds={startupBudgetSeconds} />
      {status.exists && <RouteCard status={status} />}
    </>
  );
}
