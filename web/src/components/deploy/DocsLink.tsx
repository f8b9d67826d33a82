/** A catalog document's link, shown only when it is a web address: catalogs are third-party input. */
export function DocsLink({ href }: { href?: string }) {
  if (!href || !/^https?:\/\//.test(href)) {
    return null;
  }
  return (
    <a className="text-sm text-indigo-800 underline" href={href} target="_blank" rel="noreferrer">
      Docs
    </a>
  );
}
