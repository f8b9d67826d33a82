import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ApiError } from "../api/http";
import { queryKeys } from "../api/queryKeys";
import { releasesApi } from "../api/releases";
import { Loading } from "../components/ui/States";
import { usePollInterval } from "../live/LiveUpdates";
import DeploymentDetail from "./DeploymentDetail";
import { NotFound } from "./NotFound";

/**
 * `/deployments/:namespace/:release`: the release page, or a not-found page when nothing of the
 * release is left (no helm release, no LLMService, no plan), so a mistyped name is not offered
 * History and Upgrade. A plan without its release still opens the page: it says the release is
 * gone and lets the operator clean up. The queries are the release page's own (same keys), so
 * checking costs no request.
 */
export default function ReleaseRoute() {
  const { namespace = "", release = "" } = useParams();
  const poll = usePollInterval();
  const status = useQuery({ queryKey: queryKeys.releaseStatus(namespace, release), queryFn: () => releasesApi.status(namespace, release), refetchInterval: poll });
  const plan = useQuery({ queryKey: queryKeys.releasePlan(namespace, release), queryFn: () => releasesApi.plan(namespace, release), retry: false, refetchInterval: poll });
  if (status.isPending || (status.data?.exists === false && plan.isPending)) {
    return <Loading what={`release ${release}`} />;
  }
  if (status.data?.exists === false && plan.error instanceof ApiError && plan.error.status === 404) {
    return (
      <NotFound title="Release not found">
        There is no release {release} in namespace {namespace}: no helm release, LLMService or plan of swiss has that name.
      </NotFound>
    );
  }
  return <DeploymentDetail />;
}
