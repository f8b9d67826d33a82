import { get, post } from "./http";

export interface Session {
  authenticated: boolean;
  authDisabled?: boolean;
  user?: string;
  initialized?: boolean;
  expiresAt?: string;
}

export const sessionApi = {
  session: () => get<Session>("/api/session"),
  login: (username: string, password: string) => post<Session & { token?: string }>("/api/login", { username, password }),
  logout: () => post<{ ok: boolean }>("/api/logout"),
};
