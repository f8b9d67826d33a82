import { useEffect, useState } from "react";
import { formatAgo, formatTime } from "../release/format";

/** The clock, re-read every `everyMs`, so "3 m ago" does not stay 3 m for an hour on an open page. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "3 m ago", with the UTC time on hover (title) and read out after it by screen readers, which
 * do not reliably read a title.
 */
export function RelativeTime({ iso }: { iso: string }) {
  const now = useNow(15_000);
  const utc = formatTime(iso);
  return (
    <time dateTime={iso} title={utc} className="whitespace-nowrap">
      {formatAgo(iso, now)}
      <span className="sr-only"> ({utc})</span>
    </time>
  );
}
