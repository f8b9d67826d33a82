import type { ReactNode } from "react";
import type { Profile } from "../../api/profile";
import { Card } from "../ui/Card";
import { Facts } from "../release/Facts";
import { toYaml } from "../release/yaml";

const fallback = (value: string | number | undefined, otherwise: string): ReactNode => (value === undefined || value === "" ? <span className="text-slate-600">{otherwise}</span> : String(value));

function Pairs({ pairs, empty }: { pairs?: Record<string, string>; empty: string }) {
  const entries = Object.entries(pairs ?? {});
  if (entries.length === 0) {
    return <span className="text-slate-600">{empty}</span>;
  }
  return (
    <ul>
      {entries.map(([key, value]) => (
        <li key={key} className="font-mono text-xs">
          {key}: {value}
        </li>
      ))}
    </ul>
  );
}

/** The parsed site profile, section by section, with what applies when a field is left out. */
export function ProfileView({ profile }: { profile: Profile }) {
  const route = profile.route ?? {};
  const auth = route.auth ?? {};
  const header = auth.header || "Authorization";
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Placement">
        <Facts
          items={[
            ["Name", profile.name],
            ["Namespace", fallback(profile.namespace, "the chart's default")],
            ["GPUs per node", fallback(profile.nodes?.gpusPerNode, "the chart's default")],
            ["Scheduler", fallback(profile.schedule?.schedulerName, "the chart's default")],
            ["Priority class", fallback(profile.schedule?.priorityClassName, "the chart's default")],
          ]}
        />
      </Card>
      <Card title="Charts and images">
        <Facts
          items={[
            ["Chart repo", fallback(profile.chartRepo, "local chart path")],
            ["Chart path", profile.chartPath],
            ["Registry mirror", fallback(profile.registry?.mirror, "catalog repository as-is")],
          ]}
        />
      </Card>
      <Card title="Catalogs">
        {profile.catalogs?.length ? (
          <ul className="text-sm">
            {profile.catalogs.map((catalog) => (
              <li key={catalog.name ?? catalog.url}>
                {catalog.name} <span className="font-mono text-xs">{catalog.url}</span> {catalog.default ? "(default)" : ""}
              </li>
            ))}
          </ul>
        ) : (
          <Facts items={[["Catalog", fallback(profile.catalog, "the server's configured catalog")]]} />
        )}
      </Card>
      <Card title="Model paths">
        <Facts
          items={[
            ["Path template", <code>{profile.model?.pathTemplate}</code>],
            ["Path overrides", <Pairs pairs={profile.model?.overrides} empty="none" />],
          ]}
        />
        <p className="mt-2 text-xs text-slate-600">
          Placeholders: <code>{"{{hf}}"}</code>, <code>{"{{org}}"}</code>, <code>{"{{name}}"}</code>, <code>{"{{model}}"}</code>.
        </p>
      </Card>
      <Card title="Routing">
        <Facts
          items={[
            ["Gateway", fallback(route.gateway, "no public URL")],
            ["Openresty ConfigMap", route.nginxConfigMap],
            ["Service", route.nginxService],
            ["Selector", route.nginxSelector],
            ["Entrypoint port", String(route.nginxPort ?? 8080)],
            ["Monitor ConfigMap", route.monitorConfigMap],
          ]}
        />
      </Card>
      <Card title="Entrypoint auth">
        <Facts
          items={[
            ["Key header", header],
            ["Key prefix", JSON.stringify(auth.prefix ?? (auth.header ? "" : "Bearer "))],
            ["Secret", auth.secretRef ? `${auth.secretRef} → ${auth.secretKey || "apiKey"}` : "none"],
            ["Static headers", <Pairs pairs={auth.headers} empty="none" />],
          ]}
        />
        <p className="mt-2 text-xs text-slate-600">The key itself is never stored here or shown.</p>
      </Card>
      <Card title="Cache and scaler">
        <Facts
          items={[
            ["Cache", profile.cache?.enabled ? "enabled" : "off"],
            ["Cache host path", profile.cache?.hostPath],
            ["Scaler server", fallback(profile.scaler?.serverAddress, "none")],
            ["Scaler headers", profile.scaler?.serverHeaders ? <Pairs pairs={profile.scaler.serverHeaders} empty="none" /> : undefined],
            ["SLO server", profile.scaler?.sloAddress],
            ["SLO token Secret", profile.scaler?.sloTokenSecret ? `${profile.scaler.sloTokenSecret} → ${profile.scaler.sloTokenKey || "token"}` : undefined],
          ]}
        />
      </Card>
      <Card title="Extra">
        {profile.extra && Object.keys(profile.extra).length > 0 ? (
          <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs">{toYaml(profile.extra)}</pre>
        ) : (
          <p className="text-sm text-slate-700">No extra values: nothing is merged into every plan.</p>
        )}
      </Card>
    </div>
  );
}
