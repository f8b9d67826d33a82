import { shortHash } from "../../lib/shortHash";

/**
 * A digest in its short form (`sha256:1a2b3c4d5e6f`). The full one is the hover title and what a
 * screen reader reads instead of the short one: two archives can share their first 12 digits,
 * and whoever checks a digest against a registry needs all of it.
 */
export function Digest({ digest }: { digest: string }) {
  return (
    <code title={digest} className="font-mono text-xs text-slate-800">
      <span aria-hidden="true">{shortHash(digest)}</span>
      <span className="sr-only">{digest}</span>
    </code>
  );
}
