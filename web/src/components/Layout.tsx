import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NavLink, Outlet, useLocation } from "react-router";
import { clusterApi, type SiteLink } from "../api/cluster";
import { sessionApi } from "../api/session";
import { LiveIndicator } from "../live/LiveUpdates";
import { useSession } from "../session/Session";
import { ErrorBoundary } from "./ErrorBoundary";
import { siteChoices } from "./siteChoices";
import { Badge } from "./ui/Badge";
import { cx } from "./ui/cx";
import { queryKeys } from "../api/queryKeys";


const TABS = [
  { to: "/", label: "Deployments", end: true },
  { to: "/catalog", label: "Catalog", end: false },
  { to: "/nodes", label: "Nodes", end: false },
  { to: "/runs", label: "Operations", end: false },
  { to: "/approvals", label: "Approvals", end: false },
  { to: "/site-profile", label: "Profile", end: false },
];

export function Layout() {
  const cluster = useQuery({ queryKey: queryKeys.cluster(), queryFn: clusterApi.cluster, staleTime: 30_000 });
  const { pathname } = useLocation();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
          <span className="text-lg font-bold tracking-tight">swiss</span>
          {/* On a phone the tabs wrap onto a second line rather than push the page sideways. */}
          <nav aria-label="Main" className="flex flex-wrap gap-1">
            {TABS.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cx("rounded-md px-3 py-1.5 text-sm", isActive ? "bg-indigo-100 font-medium text-indigo-900" : "text-slate-700 hover:bg-slate-100")
                }
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <LiveIndicator />
            {cluster.isError && <Badge tone="danger">cluster unreachable</Badge>}
            {cluster.data && <SiteSwitcher name={cluster.data.name} sites={cluster.data.sites ?? []} />}
            {/* On a phone the version gives its room to the tabs. */}
            {cluster.data && <span className="hidden text-slate-600 sm:inline">v{cluster.data.version}</span>}
            <SessionMenu />
          </div>
        </div>
        {(cluster.data?.warnings ?? []).map((warning) => (
          <p key={warning} role="status" className="border-t border-amber-200 bg-amber-50 px-4 py-1.5 text-sm text-amber-900">
            {warning}
          </p>
        ))}
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        {/* One page failing leaves the tabs usable; going to another page clears it. */}
        <ErrorBoundary key={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </div>
  );
}

/** Each site is its own swiss serve and origin: choosing one is a full navigation there. */
function SiteSwitcher({ name, sites: listed }: { name: string; sites: SiteLink[] }) {
  // A site without a web address cannot be switched to (the server leaves out an empty one).
  const sites = siteChoices(listed);
  if (sites.length === 0) {
    return <span className="font-medium">{name}</span>;
  }
  return (
    <label className="flex items-center gap-1">
      <span className="sr-only">Site</span>
      <select
        className="rounded-md border border-slate-300 px-2 py-1"
        value=""
        onChange={(event) => {
          if (event.target.value !== "") {
            window.location.assign(event.target.value);
          }
        }}
      >
        <option value="">{name}</option>
        {sites.map((site) => (
          <option key={site.url} value={site.url}>
            {site.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function SessionMenu() {
  const session = useSession();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: sessionApi.logout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.session() }),
  });
  if (session.authDisabled) {
    return <Badge tone="muted" title="swiss serve runs without login">no login</Badge>;
  }
  return (
    <span className="flex items-center gap-2">
      <span className="text-slate-700">{session.user}</span>
      <button type="button" className="text-slate-700 underline" onClick={() => logout.mutate()}>
        Sign out
      </button>
    </span>
  );
}
