// Filters and pages live in the address, so a filtered list can be shared and survives a reload.

/** `current` with `name` set to `value`, or without `name` when `value` is empty: no `?q=`. */
export function withParam(current: URLSearchParams, name: string, value: string): URLSearchParams {
  const kept = new URLSearchParams(current);
  if (value) {
    kept.set(name, value);
  } else {
    kept.delete(name);
  }
  return kept;
}
