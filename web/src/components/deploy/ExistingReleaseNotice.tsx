import { Link } from "react-router";
import type { ExistingRelease } from "../../deploy/existingRelease";
import { ButtonLink, textLink } from "../release/ButtonLink";
import { detailPath, upgradePath } from "../release/paths";

/**
 * Warns, while the form names a release that is already there, that a deploy would apply over it,
 * and offers its Upgrade page, which starts from what is deployed; for a release swiss does not
 * keep, says how to adopt it instead.
 */
export function ExistingReleaseNotice({ existing }: { existing?: ExistingRelease }) {
  if (!existing) {
    return null;
  }
  const { namespace, release, revision, model } = existing;
  if (existing.untracked) {
    return (
      <div role="status" aria-label="Existing release" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p>
          <strong>
            <Link className={textLink} to={detailPath(namespace, release)}>
              {namespace}/{release}
            </Link>{" "}
            is a helm release swiss did not deploy
          </strong>{" "}
          (revision {revision}). Plan it with the values it was installed with: when Diff shows no change, Adopt writes the plan beside it and changes nothing in it, and swiss keeps it from then on.
        </p>
      </div>
    );
  }
  return (
    <div role="status" aria-label="Existing release" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        <strong>
          <Link className={textLink} to={detailPath(namespace, release)}>
            {namespace}/{release}
          </Link>{" "}
          already exists
        </strong>{" "}
        at revision {revision}
        {model ? `, serving ${model}` : ""}. Deploying with this Service ID applies over it; to change that release, upgrade it instead.
      </p>
      <ButtonLink to={upgradePath(namespace, release)} variant="primary">
        Upgrade {namespace}/{release} instead
      </ButtonLink>
    </div>
  );
}
