import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { profileApi, type ProfileDocument } from "../../api/profile";
import { Button } from "../ui/Button";
import { lineOf, problemLine } from "./problem";
import { queryKeys } from "../../api/queryKeys";

/**
 * The site profile as YAML, saved as typed (comments kept). The server checks it before storing
 * anything; its complaint, naming the path and line, is shown beside the text, which is kept.
 */
export function ProfileEditor({ initialYaml, saveLabel, onSaved }: { initialYaml: string; saveLabel: string; onSaved?: (saved: ProfileDocument) => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(initialYaml);
  const save = useMutation({
    mutationFn: (yaml: string) => profileApi.save({ yaml }),
    onSuccess: async (saved) => {
      await Promise.all([queryKeys.profile(), queryKeys.session(), queryKeys.cluster()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onSaved?.(saved);
    },
  });
  const problem = save.error instanceof Error ? save.error.message : null;
  const line = problem ? problemLine(problem) : null;
  const quoted = line !== null ? lineOf(text, line) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(text);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" aria-label="Site profile editor">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Site profile (YAML)
        </label>
        <textarea
          id={id}
          className="min-h-[28rem] rounded-md border border-slate-300 p-2 font-mono text-xs leading-5"
          spellCheck={false}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <aside className="flex flex-col gap-3">
        {problem ? (
          <div id={`${id}-problem`} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">Not saved: the profile was refused.</p>
            <p className="mt-1 break-words">{problem}</p>
            {line !== null && (
              <p className="mt-2">
                Line {line}
                {quoted !== null && (
                  <>
                    : <code className="block whitespace-pre-wrap rounded bg-white p-1 text-xs">{quoted}</code>
                  </>
                )}
              </p>
            )}
          </div>
        ) : save.isSuccess ? (
          <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
            Saved to {save.data.source}.
          </p>
        ) : (
          <p className="text-sm text-slate-700">Saving checks the profile first: unknown keys, a missing <code>name</code> or <code>model.pathTemplate</code> are refused and nothing is stored.</p>
        )}
        <div>
          <Button type="submit" disabled={save.isPending || text.trim() === ""} disabledReason={save.isPending ? "Saving" : "The profile is empty: there is nothing to save"}>
            {save.isPending ? "Saving…" : saveLabel}
          </Button>
        </div>
      </aside>
    </form>
  );
}
