import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { afterUninstall } from "../../api/queryKeys";
import { releasesApi, type UninstallResult } from "../../api/releases";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { Field } from "../ui/Field";
import { ErrorState } from "../ui/States";

/** Uninstall, enabled only once the release's name is typed: there is no undo. */
export function UninstallCard({ namespace, release }: { namespace: string; release: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [leftover, setLeftover] = useState<UninstallResult | null>(null);
  const uninstall = useMutation({
    mutationFn: () => releasesApi.uninstall(namespace, release),
    onSuccess: (result) => {
      if (result.planError) {
        setLeftover(result);
      } else {
        navigate("/");
      }
      // The release is gone: its own queries are dropped, the list and the audit log refetched.
      void afterUninstall(queryClient, namespace, release);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed === release) {
      uninstall.mutate();
    }
  };
  return (
    <Card title="Uninstall" className="border-red-200">
      {leftover ? (
        <div role="alert" className="flex flex-col gap-2 text-sm">
          <p>The release was uninstalled, but its plan could not be removed:</p>
          <p className="rounded bg-red-50 p-2 text-red-800">{leftover.planError}</p>
          <pre className="max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs">{leftover.output}</pre>
          <Button variant="secondary" onClick={() => navigate("/")}>
            Back to deployments
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <p className="text-sm text-slate-700">Removes the release and the plan beside it. The audit log keeps the record.</p>
          <Field
            label={`Type ${release} to confirm`}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {uninstall.isError && <ErrorState error={uninstall.error} />}
          <div>
            <Button
              type="submit"
              variant="danger"
              disabled={typed !== release || uninstall.isPending}
              disabledReason={typed !== release ? `Type ${release} above to uninstall it` : undefined}
            >
              {uninstall.isPending ? "Uninstalling…" : "Uninstall"}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
