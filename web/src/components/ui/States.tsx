import type { ReactNode } from "react";

/** What a page shows while its data loads: says what it waits for. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="p-4 text-sm text-slate-600">
      Loading {what}…
    </p>
  );
}

/** The server's own message, verbatim, with a way to try again. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>{message}</p>
      {retry && (
        <button type="button" className="mt-2 underline" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="p-4 text-sm text-slate-600">{children}</p>;
}
