/**
 * The line a profile problem names. The server words them `<origin>: <path> (line <n>): <problem>`
 * (or `line <n>: ...` when no path is known); null when it names none.
 */
export function problemLine(message: string): number | null {
  const match = /\bline (\d+)\b/.exec(message);
  if (!match) {
    return null;
  }
  const line = Number(match[1]);
  return line > 0 ? line : null;
}

/** That line of the user's text, to show beside the message; null past the end. */
export function lineOf(text: string, line: number): string | null {
  const lines = text.split("\n");
  return line >= 1 && line <= lines.length ? lines[line - 1] : null;
}
