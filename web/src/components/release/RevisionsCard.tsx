import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { releasesApi, type Revision } from "../../api/releases";
import { usePollInterval } from "../../live/LiveUpdates";
import { Badge } from "../ui/Badge";
import { Card } from "../ui/Card";
import { Digest } from "../ui/Digest";
import { Empty, ErrorState, Loading } from "../ui/States";
import { Table, Td, Th } from "../ui/Table";
import { textLink } from "./ButtonLink";
import { rollbackPath } from "./paths";
import { queryKeys } from "../../api/queryKeys";

export function useRevisions(namespace: string, release: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.releaseRevisions(namespace, release),
    queryFn: () => releasesApi.revisions(namespace, release),
    refetchInterval: usePollInterval(),
    enabled,
  });
}

/** A revision is a rollback target unless it is the one running now. */
export const canRollBackTo = (revision: Revision) => !revision.current && revision.revision > 0;

export function RollBackLink({ namespace, release, revision }: { namespace: string; release: string; revision: number }) {
  return (
    <Link to={rollbackPath(namespace, release, revision)} className={textLink} aria-label={`Roll back to revision ${revision}`}>
      Roll back
    </Link>
  );
}

export function RevisionsTable({ namespace, release, revisions, canWrite }: { namespace: string; release: string; revisions: Revision[]; canWrite: boolean }) {
  return (
    <Table caption={`Revisions of ${release}`}>
      <thead>
        <tr>
          <Th>Rev</Th>
          <Th>Model</Th>
          <Th>Chart</Th>
          <Th>Chart digest</Th>
          <Th>Plan</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {revisions.map((revision) => (
          <tr key={revision.revision}>
            <Td>
              {revision.revision} {revision.current && <Badge tone="success">live</Badge>}
            </Td>
            <Td>{[revision.model && `${revision.model}${revision.version ? ` v${revision.version}` : ""}`, revision.variant].filter(Boolean).join(" · ")}</Td>
            <Td>{revision.chart ?? ""}</Td>
            {/* Recorded since swiss kept digests; an older revision has none. */}
            <Td>{revision.chartDigest && <Digest digest={revision.chartDigest} />}</Td>
            <Td className="font-mono text-xs">{revision.planHash?.slice(0, 12) ?? ""}</Td>
            <Td>{canWrite && canRollBackTo(revision) && <RollBackLink namespace={namespace} release={release} revision={revision.revision} />}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function RevisionsCard({ namespace, release, canWrite }: { namespace: string; release: string; canWrite: boolean }) {
  const revisions = useRevisions(namespace, release);
  return (
    <Card title="Revisions">
      {revisions.isPending ? (
        <Loading what="the revisions" />
      ) : revisions.isError ? (
        <ErrorState error={revisions.error} retry={() => void revisions.refetch()} />
      ) : revisions.data.revisions.length === 0 ? (
        <Empty>No revisions to roll back to.</Empty>
      ) : (
        <RevisionsTable namespace={namespace} release={release} revisions={revisions.data.revisions} canWrite={canWrite} />
      )}
    </Card>
  );
}
