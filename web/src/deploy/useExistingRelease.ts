import { useQuery } from "@tanstack/react-query";
import { plansApi } from "../api/plans";
import { queryKeys } from "../api/queryKeys";
import { releasesApi } from "../api/releases";
import { existingRelease, type ReleaseRef } from "./existingRelease";

/**
 * The release a deploy form would write over, if there is one, and the plan it runs: the plan is
 * read only for a release swiss deployed (its status has a plan status), so a free name or an
 * untracked release asks for nothing that would answer 404.
 */
export function useExistingRelease(target: ReleaseRef | undefined) {
  const status = useQuery({
    queryKey: queryKeys.releaseStatus(target?.namespace ?? "", target?.release ?? ""),
    queryFn: () => releasesApi.status(target!.namespace, target!.release),
    enabled: target !== undefined,
    staleTime: 10_000,
  });
  const existing = target ? existingRelease(status.data) : undefined;
  const plan = useQuery({
    queryKey: queryKeys.releasePlan(existing?.namespace ?? "", existing?.release ?? ""),
    queryFn: () => plansApi.releasePlan(existing!.namespace, existing!.release),
    enabled: existing !== undefined && status.data?.planStatus !== undefined,
    retry: false,
  });
  return { existing, deployed: existing ? plan.data : undefined };
}
