import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter, Route, Routes } from "react-router";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { Layout } from "./components/Layout";
import Approvals from "./pages/Approvals";
import Catalog from "./pages/Catalog";
import Deploy from "./pages/Deploy";
import Deployments from "./pages/Deployments";
import Model from "./pages/Model";
import Nodes from "./pages/Nodes";
import { NoSuchPage } from "./pages/NotFound";
import ReleaseRoute from "./pages/ReleaseRoute";
import Runs from "./pages/Runs";
import Setup from "./pages/Setup";
import SiteProfile from "./pages/SiteProfile";
import Tune from "./pages/Tune";
import Upgrade from "./pages/Upgrade";
import { basePath } from "./lib/basePath";
import { LiveUpdates } from "./live/LiveUpdates";
import { Gate } from "./session/Session";
import Login from "./session/Login";

// The server is the source of truth: short staleness, one retry, refetch when the tab comes back.
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 5_000, retry: 1, refetchOnWindowFocus: true } },
  });
}

export function App({ queryClient = newQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={basePath || undefined}>
        {/* The last resort, for a failure outside a page (the layout, the session gate). */}
        <ErrorBoundary what="swiss">
          <Routes>
            <Route path="/login" element={<Login />} />
            <Route
              element={
                <Gate>
                  <LiveUpdates>
                    <Layout />
                  </LiveUpdates>
                </Gate>
              }
            >
              <Route index element={<Deployments />} />
              <Route path="/setup" element={<Setup />} />
              <Route path="/deployments/:namespace/:release" element={<ReleaseRoute />} />
              <Route path="/catalog" element={<Catalog />} />
              <Route path="/catalog/:name" element={<Model />} />
              <Route path="/deploy/:name" element={<Deploy />} />
              <Route path="/upgrade/:namespace/:release" element={<Upgrade />} />
              <Route path="/tune/:namespace/:release" element={<Tune />} />
              <Route path="/runs" element={<Runs />} />
              <Route path="/approvals" element={<Approvals />} />
              <Route path="/nodes" element={<Nodes />} />
              <Route path="/site-profile" element={<SiteProfile />} />
              <Route path="*" element={<NoSuchPage />} />
            </Route>
          </Routes>
        </ErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
