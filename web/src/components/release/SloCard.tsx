import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { releasesApi, type SloConfig } from "../../api/releases";
import { profileApi, type Profile } from "../../api/profile";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { ErrorState, Loading } from "../ui/States";
import { parseSloEdit, sloEditText } from "./slo";
import { toYaml } from "../../lib/yaml";
import { queryKeys } from "../../api/queryKeys";

/** The release's SLO thresholds on the SLO server; editable when this server may deploy. */
export function SloCard({ namespace, release, canWrite }: { namespace: string; release: string; canWrite: boolean }) {
  const profile = useQuery({ queryKey: queryKeys.profile(), queryFn: profileApi.profile, staleTime: 60_000 });
  const reachable = hasSloServer(profile.data?.profile);
  // A site without an SLO server answers every SLO call 409; asking anyway would only fail.
  const slo = useQuery({
    queryKey: queryKeys.releaseSlo(namespace, release),
    queryFn: () => releasesApi.slo(namespace, release),
    retry: false,
    enabled: reachable,
  });
  if (profile.isSuccess && !reachable) {
    return (
      <Card title="SLO">
        <p className="text-sm text-slate-700">
          This site names no SLO server token: set <code>scaler.sloTokenSecret</code> (and <code>scaler.sloAddress</code> unless the default fits) in the site profile to read and set thresholds here.
        </p>
      </Card>
    );
  }
  return (
    <Card title="SLO" actions={slo.data && <Badge tone={slo.data.found ? "success" : "muted"}>{slo.data.found ? "registered" : "none registered"}</Badge>}>
      {profile.isError ? (
        <ErrorState error={profile.error} retry={() => void profile.refetch()} />
      ) : slo.isPending ? (
        <Loading what="the SLO thresholds" />
      ) : slo.isError ? (
        <ErrorState error={slo.error} retry={() => void slo.refetch()} />
      ) : canWrite ? (
        <SloEditor namespace={namespace} release={release} config={slo.data} />
      ) : (
        <SloReadView config={slo.data} />
      )}
    </Card>
  );
}

/** The SLO server refuses anonymous calls: without the Secret holding its token, swiss cannot ask. */
export function hasSloServer(profile: Profile | undefined): boolean {
  return Boolean(profile?.scaler?.sloTokenSecret);
}

function SloReadView({ config }: { config: SloConfig }) {
  if (!config.found) {
    return <p className="text-sm text-slate-700">The SLO server knows no requirement for this release. This server is read-only, so it cannot set one.</p>;
  }
  return <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs">{toYaml(JSON.parse(sloEditText(config)))}</pre>;
}

function SloEditor({ namespace, release, config }: { namespace: string; release: string; config: SloConfig }) {
  const queryClient = useQueryClient();
  const id = useId();
  // null: show what the server has; a string: the user's unsaved text, kept through refetches.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? sloEditText(config);
  const parsed = parseSloEdit(text);
  const done = () => {
    setDraft(null);
    return queryClient.invalidateQueries({ queryKey: queryKeys.releaseSlo(namespace, release) });
  };
  const save = useMutation({
    mutationFn: (thresholds: Record<string, unknown>) => releasesApi.saveSlo(namespace, release, thresholds),
    onSuccess: done,
  });
  const reset = useMutation({ mutationFn: () => releasesApi.resetSlo(namespace, release), onSuccess: done });
  const failure = save.error ?? reset.error;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        SLO thresholds (JSON)
      </label>
      <textarea
        id={id}
        className="min-h-40 rounded-md border border-slate-300 p-2 font-mono text-xs"
        spellCheck={false}
        value={text}
        aria-invalid={parsed.ok ? undefined : true}
        aria-describedby={`${id}-note`}
        onChange={(event) => setDraft(event.target.value)}
      />
      <p id={`${id}-note`} className={parsed.ok ? "text-xs text-slate-600" : "text-xs text-red-800"}>
        {parsed.ok ? "The SLO server's own fields (priority, minimumDeployment, maximumDeployment, ttft, otps…); the route is set to this release." : parsed.error}
      </p>
      {failure && <ErrorState error={failure} />}
      <div className="flex gap-2">
        <Button disabled={!parsed.ok || save.isPending || draft === null} onClick={() => parsed.ok && save.mutate(parsed.thresholds)}>
          {save.isPending ? "Saving…" : "Save thresholds"}
        </Button>
        <Button variant="secondary" disabled={draft === null} onClick={() => setDraft(null)}>
          Discard changes
        </Button>
        <Button variant="secondary" disabled={!config.found || reset.isPending} onClick={() => reset.mutate()}>
          Reset to defaults
        </Button>
      </div>
    </div>
  );
}
