import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { releasesApi, type ProbeResult, type StatusReport } from "../../api/releases";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { Field } from "../ui/Field";
import { ErrorState } from "../ui/States";
import { Facts } from "./Facts";

/** Where the release is reached, and a check through the site's entrypoint (not the pod). */
export function RouteCard({ status }: { status: StatusReport }) {
  const [apiKey, setApiKey] = useState("");
  const probe = useMutation({
    mutationFn: () => releasesApi.probe(status.namespace, status.release, apiKey === "" ? {} : { apiKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    probe.mutate();
  };
  return (
    <Card title="Route">
      {status.route ? (
        <Facts
          items={[
            ["URL", status.url ?? "no gateway: not published outside the cluster"],
            ["Route", status.route],
            ["Served model", status.model],
            ["Key header", status.authHeader],
            ["Key prefix", status.authHeader ? JSON.stringify(status.authPrefix) : undefined],
          ]}
        />
      ) : (
        <p className="text-sm text-slate-700">No route published.</p>
      )}
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2" aria-label="Gateway probe">
        <Field
          label="API key (this check only, never stored)"
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          hint="Empty uses the key the site profile names."
        />
        <Button type="submit" variant="secondary" disabled={probe.isPending}>
          {probe.isPending ? "Checking…" : "Check service"}
        </Button>
      </form>
      {probe.isError && (
        <div className="mt-2">
          <ErrorState error={probe.error} />
        </div>
      )}
      {probe.data && <ProbeOutcome result={probe.data} />}
    </Card>
  );
}

function ProbeOutcome({ result }: { result: ProbeResult }) {
  const serving = result.ok && (result.models?.length ?? 0) > 0;
  return (
    <div role="status" className="mt-3 flex flex-col gap-2 text-sm">
      <p className="flex items-center gap-2">
        <Badge tone={serving ? "success" : "warning"}>{serving ? "Serving" : "Not serving yet"}</Badge>
        <span className="text-slate-700">
          {result.status !== undefined ? `HTTP ${result.status} · ` : ""}
          {result.latencyMs} ms
        </span>
      </p>
      <Facts
        items={[
          ["Called", <span className="font-mono text-xs">{result.url}</span>],
          ["Models", result.models?.length ? <span className="flex flex-wrap gap-1">{result.models.map((model) => <Badge key={model}>{model}</Badge>)}</span> : undefined],
          ["Error", result.error],
          ["Headers sent", result.sentHeaders?.join(", ")],
        ]}
      />
      {result.body && <pre className="max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs">{result.body}</pre>}
      {result.curl && <pre className="overflow-auto rounded bg-slate-50 p-2 text-xs" aria-label="The check as a command line">{result.curl}</pre>}
    </div>
  );
}
