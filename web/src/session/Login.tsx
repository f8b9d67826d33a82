import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { sessionApi } from "../api/session";
import { Button } from "../components/ui/Button";
import { Card } from "../components/ui/Card";
import { Field } from "../components/ui/Field";
import { ErrorState, Loading } from "../components/ui/States";
import { useSessionQuery } from "./Session";
import { queryKeys } from "../api/queryKeys";

export default function Login() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSessionQuery();
  const [username, setUsername] = useState("admin");
  const [password, setPassword] = useState("");
  const [reveal, setReveal] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? "/";
  const login = useMutation({
    mutationFn: () => sessionApi.login(username, password),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.session(), answer);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session() });
      navigate(answer.initialized === false ? "/setup" : from, { replace: true });
    },
  });

  if (session.isPending) {
    return <Loading what="the session" />;
  }
  if (session.data?.authenticated) {
    return <Navigate to={from} replace />;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  return (
    <main className="mx-auto mt-24 max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">Sign in to swiss</h1>
      <Card>
        <form onSubmit={submit} className="flex flex-col gap-3">
          <Field label="User" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
          <Field
            label="Password"
            name="password"
            type={reveal ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onKeyUp={(e) => setCapsLock(e.getModifierState("CapsLock"))}
            hint={capsLock ? "Caps Lock is on." : undefined}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> Show password
          </label>
          {login.isError && <ErrorState error={login.error} />}
          <Button type="submit" disabled={login.isPending || password === ""} disabledReason={login.isPending ? "Signing in" : "Type the password first"}>
            {login.isPending ? "Signing in…" : "Sign in"}
          </Button>
        </form>
      </Card>
    </main>
  );
}
