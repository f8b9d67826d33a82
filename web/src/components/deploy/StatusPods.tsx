import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../api/queryKeys";
import { releasesApi } from "../../api/releases";
import { usePollInterval } from "../../live/LiveUpdates";
import { PodStartup } from "../release/PodStartup";

/** The Status step's pods, each on its way to ready, refreshed by live events as the release page is. */
export function StatusPods({ namespace, release, budgetSeconds }: { namespace: string; release: string; budgetSeconds?: number }) {
  const status = useQuery({
    queryKey: queryKeys.releaseStatus(namespace, release),
    queryFn: () => releasesApi.status(namespace, release),
    refetchInterval: usePollInterval(),
  });
  if (!status.data) {
    return null;
  }
  return (
    <div className="mt-2">
      <p className="text-sm font-medium text-slate-800">
        Pods: {status.data.ready} / {status.data.total} ready
      </p>
      <PodStartup pods={status.data.pods} budgetSeconds={budgetSeconds} />
    </div>
  );
}
