import { get, post } from "./http";
import type { LoggedOut, LoginReply, Session } from "./types";

export type { Session } from "./types";

export const sessionApi = {
  session: () => get<Session>("/api/session"),
  login: (username: string, password: string) => post<LoginReply>("/api/login", { username, password }),
  logout: () => post<LoggedOut>("/api/logout"),
};
