import type { SloConfig } from "../../api/releases";

/** The SLO server's own fields, without swiss's `found`, as the editor's starting text. */
export function sloEditText(config: SloConfig): string {
  const { found: _found, ...thresholds } = config;
  void _found;
  return JSON.stringify(thresholds, null, 2);
}

export type SloParse = { ok: true; thresholds: Record<string, unknown> } | { ok: false; error: string };

/** The editor's text as the PUT body: a JSON object, or why it is not one. */
export function parseSloEdit(text: string): SloParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: "The thresholds must be a JSON object." };
  }
  const { found: _found, ...thresholds } = value as Record<string, unknown>;
  void _found;
  return { ok: true, thresholds };
}
