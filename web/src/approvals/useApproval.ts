import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { approvalsApi, type Approval, type ApprovalList } from "../api/approvals";
import { profileApi } from "../api/profile";
import { afterApprovalChange, queryKeys } from "../api/queryKeys";
import { usePollInterval } from "../live/LiveUpdates";
import { useSignedInUser } from "../session/Session";
import { approvalFor, type ApprovalTarget } from "./approvals";

/**
 * How often a list holding a pending request is read again. No live event names an approval (the
 * approver acts in another browser), so a pending one is polled even while events arrive.
 */
export const PENDING_POLL_MS = 2_000;

/** The site's approval rule, from its profile: whether writes need one, and who may give it. */
export function useApprovalPolicy(): { requireApproval: boolean; approvers: string[] } {
  const profile = useQuery({ queryKey: queryKeys.profile(), queryFn: profileApi.profile, staleTime: 60_000 });
  const doc = profile.data?.profile;
  return { requireApproval: doc?.requireApproval === true, approvers: doc?.approvers ?? [] };
}

/** A list's refetch interval: the short poll while it holds a pending request, the page's own otherwise. */
export function useApprovalsPoll(): (data: ApprovalList | undefined) => number | false {
  const poll = usePollInterval();
  return (data) => (data?.approvals.some((a) => a.state === "pending") ? (poll === false ? PENDING_POLL_MS : Math.min(poll, PENDING_POLL_MS)) : poll);
}

/** The approvals of one release, polled while one of them waits. */
export function useReleaseApprovals(namespace: string, release: string, enabled = true) {
  const poll = useApprovalsPoll();
  return useQuery({
    queryKey: queryKeys.approvals(namespace, release),
    queryFn: () => approvalsApi.list({ namespace, release }),
    enabled,
    refetchInterval: (query) => poll(query.state.data),
  });
}

/**
 * The signed-in user's request for exactly `target` (undefined while there is no target: no diff
 * yet, or a site without approvals), and the way to ask for one.
 */
export function useApproval(target: ApprovalTarget | undefined) {
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const list = useReleaseApprovals(target?.namespace ?? "", target?.release ?? "", target !== undefined);
  const approval: Approval | undefined = target && list.data ? approvalFor(list.data.approvals, target, user) : undefined;
  const request = useMutation({
    mutationFn: ({ target: asked, note }: { target: ApprovalTarget; note?: string }) =>
      approvalsApi.request({
        action: asked.action,
        namespace: asked.namespace,
        release: asked.release,
        planHash: asked.planHash,
        toRevision: asked.toRevision,
        ...(asked.chartDigest ? { chartDigest: asked.chartDigest } : {}),
        note,
      }),
    onSuccess: (created) => {
      // Shown at once, before the refetch: the button it replaces must not be pressed twice.
      queryClient.setQueryData<ApprovalList>(queryKeys.approvals(created.namespace, created.release), (old) => ({ approvals: [created, ...(old?.approvals ?? [])] }));
      void afterApprovalChange(queryClient);
    },
  });
  return { approval, list, request, user };
}
