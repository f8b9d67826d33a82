/** Joins the truthy class names: the one helper the components need instead of a dependency. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
