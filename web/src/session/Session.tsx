import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { onUnauthorized } from "../api/http";
import { sessionApi, type Session } from "../api/session";
import { queryKeys } from "../api/queryKeys";
import { ErrorState, Loading } from "../components/ui/States";

const SessionContext = createContext<Session | null>(null);

/** The session of the signed-in user (or of everyone, when the server runs without login). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) {
    throw new Error("useSession outside the session gate");
  }
  return session;
}

/**
 * The signed-in user's name, or undefined outside the session gate or on a server without login:
 * for components that also render where no session is known (a test's tree, say).
 */
export function useSignedInUser(): string | undefined {
  return useContext(SessionContext)?.user;
}

/** Provides a known session to a tree, as the gate does once it has read it. */
export function SessionScope({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSessionQuery() {
  return useQuery({ queryKey: queryKeys.session(), queryFn: sessionApi.session, staleTime: 60_000, retry: false });
}

/** Any 401 from any call makes the session stale, so the gate sends the user to the login page. */
export function useUnauthorizedRecheck() {
  const queryClient = useQueryClient();
  useEffect(() => onUnauthorized(() => void queryClient.invalidateQueries({ queryKey: queryKeys.session() })), [queryClient]);
}

/**
 * Renders the app only for a signed-in user on an initialized site: a visitor goes to /login
 * (carrying where they were going), a site without a profile goes to /setup.
 */
export function Gate({ children }: { children: ReactNode }) {
  useUnauthorizedRecheck();
  const location = useLocation();
  const session = useSessionQuery();
  if (session.isPending) {
    return <Loading what="the session" />;
  }
  if (session.isError) {
    return (
      <main className="p-6">
        <ErrorState error={session.error} retry={() => void session.refetch()} />
      </main>
    );
  }
  if (!session.data.authenticated) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (session.data.initialized === false && location.pathname !== "/setup") {
    return <Navigate to="/setup" replace />;
  }
  return <SessionScope session={session.data}>{children}</SessionScope>;
}
