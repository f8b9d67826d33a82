// One short form for every sha256 the UI shows (plan hashes, chart digests): enough to tell two
// apart at a glance and to find one in a log, with the algorithm kept so it reads as a digest.

/** A hash short enough for a table cell: the algorithm and the first 12 hex digits, `sha256:1a2b3c4d5e6f`. */
export function shortHash(hash: string | undefined): string {
  if (!hash) {
    return "";
  }
  const [algorithm, digest] = hash.includes(":") ? hash.split(":", 2) : ["", hash];
  return algorithm ? `${algorithm}:${digest.slice(0, 12)}` : digest.slice(0, 12);
}
