import { isWebAddress } from "../../lib/webAddress";

/**
 * A catalog document's link. Catalogs are third-party input: only a web address becomes a link;
 * anything else (a `javascript:` address, say) is shown as text, so the user sees what is there.
 */
export function DocsLink({ href }: { href?: string }) {
  if (!href) {
    return null;
  }
  if (!isWebAddress(href)) {
    return <span className="text-sm break-all text-slate-600">Docs: {href}</span>;
  }
  return (
    <a className="text-sm text-indigo-800 underline" href={href} target="_blank" rel="noreferrer">
      Docs
    </a>
  );
}
