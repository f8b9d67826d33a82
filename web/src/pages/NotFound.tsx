import type { ReactNode } from "react";
import { Link } from "react-router";
import { textLink } from "../components/release/ButtonLink";

/**
 * What is shown instead of a page whose subject does not exist: says what was asked for and
 * offers the lists to find it in, and no action on a thing that is not there.
 */
export function NotFound({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-slate-700">{children}</p>
      <nav aria-label="Where to go instead" className="flex flex-wrap gap-4 text-sm">
        <Link to="/" className={textLink}>
          Deployments
        </Link>
        <Link to="/catalog" className={textLink}>
          Catalog
        </Link>
      </nav>
    </div>
  );
}

/** The page of a path no route matches. */
export function NoSuchPage() {
  return <NotFound title="Page not found">No page of swiss lives at this address.</NotFound>;
}
