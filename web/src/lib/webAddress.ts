// Addresses in the UI come from catalogs and the site profile, which are other people's input: a
// `javascript:` or `data:` address in a link or a navigation would run in swiss's page with the
// user's session. Only absolute http(s) addresses are ever followed; anything else is shown as text.

/** Whether `text` is an absolute http or https address, the only kind the UI links to. */
export function isWebAddress(text: string | undefined | null): text is string {
  if (!text) {
    return false;
  }
  try {
    const { protocol } = new URL(text);
    return protocol === "http:" || protocol === "https:";
  } catch {
    // Relative or malformed: nothing to follow.
    return false;
  }
}
