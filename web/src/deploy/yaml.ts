// Writes a values tree as YAML for the form's text boxes, so a seeded upgrade shows what the
// release carries. Writing only: scalars are JSON (a subset of YAML), so no parser is needed
// and what the server reads back is exactly the tree given. Parsing stays on the server.

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_./-]*$/;

function key(name: string): string {
  return PLAIN_KEY.test(name) ? name : JSON.stringify(name);
}

function isEmptyCollection(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isMap(value) && Object.keys(value).length === 0);
}

function inline(value: unknown): string {
  return isEmptyCollection(value) ? (Array.isArray(value) ? "[]" : "{}") : JSON.stringify(value ?? null);
}

function lines(value: unknown, indent: string): string[] {
  if (isMap(value)) {
    return Object.entries(value).flatMap(([name, child]) =>
      (isMap(child) || Array.isArray(child)) && !isEmptyCollection(child)
        ? [`${indent}${key(name)}:`, ...lines(child, `${indent}  `)]
        : [`${indent}${key(name)}: ${inline(child)}`],
    );
  }
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if ((isMap(item) || Array.isArray(item)) && !isEmptyCollection(item)) {
        const [first, ...rest] = lines(item, `${indent}  `);
        return [`${indent}- ${first.slice(indent.length + 2)}`, ...rest];
      }
      return [`${indent}- ${inline(item)}`];
    });
  }
  return [`${indent}${inline(value)}`];
}

/** A block-style YAML document for a map; "" for an empty or missing one. */
export function toYaml(tree: Record<string, unknown> | undefined): string {
  return tree && Object.keys(tree).length > 0 ? `${lines(tree, "").join("\n")}\n` : "";
}
