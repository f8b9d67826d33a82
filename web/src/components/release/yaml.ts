// A YAML rendering of plain JSON values for reading (plan layers, object status). Display only:
// the server parses every document the UI sends, so nothing here needs to round-trip.

const PLAIN = /^[A-Za-z_][A-Za-z0-9_.\-/ ]*$/;
const LOOKS_TYPED = /^(true|false|null|yes|no|on|off|~|[-+]?[0-9][0-9_.eE+-]*)$/i;

function scalar(value: unknown): string {
  if (value === null || value === undefined) {
    return "null";
  }
  if (typeof value === "string") {
    return value !== "" && PLAIN.test(value) && !LOOKS_TYPED.test(value) && !value.endsWith(" ") ? value : JSON.stringify(value);
  }
  return String(value);
}

const isBlock = (value: unknown) =>
  (Array.isArray(value) && value.length > 0) || (typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length > 0);

function emptyOf(value: unknown): string {
  return Array.isArray(value) ? "[]" : "{}";
}

function lines(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (!isBlock(item)) {
        return [`${indent}- ${typeof item === "object" && item !== null ? emptyOf(item) : scalar(item)}`];
      }
      const [first, ...rest] = lines(item, `${indent}  `);
      return [`${indent}- ${first.trimStart()}`, ...rest];
    });
  }
  if (typeof value === "object" && value !== null) {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
      const name = scalar(key);
      if (isBlock(item)) {
        return [`${indent}${name}:`, ...lines(item, `${indent}  `)];
      }
      return [`${indent}${name}: ${typeof item === "object" && item !== null ? emptyOf(item) : scalar(item)}`];
    });
  }
  return [`${indent}${scalar(value)}`];
}

export function toYaml(value: unknown): string {
  if (!isBlock(value)) {
    return typeof value === "object" && value !== null ? emptyOf(value) : scalar(value);
  }
  return lines(value, "").join("\n");
}
