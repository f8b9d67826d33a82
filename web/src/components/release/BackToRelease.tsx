import { Link } from "react-router";
import { detailPath } from "./paths";

/** The way back from a page that acts on one release to that release's own page. */
export function BackToRelease({ namespace, release }: { namespace: string; release: string }) {
  return (
    <p>
      <Link className="text-sm text-indigo-800 underline" to={detailPath(namespace, release)}>
        ← {namespace}/{release}
      </Link>
    </p>
  );
}
