import { useQuery } from "@tanstack/react-query";
import { releasesApi, type ReleaseObject } from "../../api/releases";
import { usePollInterval } from "../../live/LiveUpdates";
import { Badge } from "../ui/Badge";
import { Card } from "../ui/Card";
import { Empty, ErrorState, Loading } from "../ui/States";
import { Table, Td, Th } from "../ui/Table";
import { formatTime } from "./format";
import { toYaml } from "../../lib/yaml";
import { queryKeys } from "../../api/queryKeys";

/** The ModelRoute, LLMScaler and LLMSLORequirement the release made, as their controllers see them. */
export function ObjectsCard({ namespace, release }: { namespace: string; release: string }) {
  const objects = useQuery({
    queryKey: queryKeys.releaseObjects(namespace, release),
    queryFn: () => releasesApi.objects(namespace, release),
    refetchInterval: usePollInterval(),
  });
  return (
    <Card title="Objects">
      {objects.isPending ? (
        <Loading what="the release's objects" />
      ) : objects.isError ? (
        <ErrorState error={objects.error} retry={() => void objects.refetch()} />
      ) : objects.data.objects.length === 0 ? (
        <Empty>The release made no route, scaler or SLO requirement.</Empty>
      ) : (
        <Table caption="Objects the release made">
          <thead>
            <tr>
              <Th>Kind</Th>
              <Th>Name</Th>
              <Th>State</Th>
              <Th>Details</Th>
            </tr>
          </thead>
          <tbody>
            {objects.data.objects.map((object) => (
              <ObjectRow key={`${object.ref.kind}/${object.ref.namespace}/${object.ref.name}`} object={object} />
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

function ObjectRow({ object }: { object: ReleaseObject }) {
  const { ref, live } = object;
  return (
    <tr>
      <Td>{ref.kind}</Td>
      <Td>
        {ref.name}
        <p className="text-xs text-slate-600">{ref.namespace}</p>
      </Td>
      <Td>
        {object.error ? (
          <span className="text-red-800">{object.error}</span>
        ) : object.missing ? (
          <Badge tone="warning">missing</Badge>
        ) : (
          <span className="flex flex-col text-xs text-slate-700">
            <Badge tone="success">live</Badge>
            {live?.generation !== undefined && <span>generation {live.generation}</span>}
            {live?.created && <span>created {formatTime(live.created)}</span>}
          </span>
        )}
      </Td>
      <Td>
        {live && (live.spec || live.status) && (
          <details>
            <summary className="cursor-pointer text-sm text-indigo-800">Spec and status</summary>
            <pre className="mt-1 max-h-64 max-w-xl overflow-auto rounded bg-slate-50 p-2 text-xs">{toYaml({ spec: live.spec ?? {}, status: live.status ?? {} })}</pre>
          </details>
        )}
      </Td>
    </tr>
  );
}
