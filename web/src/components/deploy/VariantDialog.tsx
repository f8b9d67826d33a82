import { DocsLink } from "./DocsLink";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { catalogApi, type IndexVariant } from "../../api/catalog";
import { queryKeys } from "../../api/queryKeys";
import { hardwareLine } from "../../deploy/fit";
import { deployLink } from "../../deploy/links";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { FitBadge } from "./FitBadge";

/** The variant is a hardware decision: the operator picks one before the deploy form opens. */
export function VariantDialog({
  model,
  title,
  version,
  catalog,
  variants,
  adopting,
  onClose,
}: {
  model: string;
  title: string;
  version?: string;
  catalog?: string;
  variants: IndexVariant[];
  /** The release swiss did not deploy that the deploy form will adopt, when adopting. */
  adopting?: { namespace: string; release: string };
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  // Whether each variant fits this cluster, before the operator picks one: the same node list the
  // model page and the deploy form read.
  const nodes = useQuery({ queryKey: queryKeys.nodes(), queryFn: catalogApi.nodes });
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      // showModal traps focus and closes on Escape; jsdom lacks it.
      if (typeof dialog.showModal === "function") {
        dialog.showModal();
      } else {
        dialog.setAttribute("open", "");
      }
    }
  }, []);
  return (
    <dialog ref={ref} aria-labelledby={headingId} onClose={onClose} className="m-auto w-full max-w-2xl rounded-lg p-4 shadow-xl backdrop:bg-slate-900/40">
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        Choose a variant of {title}
      </h2>
      <ul className="flex flex-col gap-3">
        {variants.map((variant) => (
          <li key={variant.id} className="rounded-md border border-slate-200 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-medium">{variant.id}</span>
              {variant.default && <Badge tone="info">default</Badge>}
              <FitBadge requires={variant.requires} nodes={nodes.data?.nodes} error={nodes.isError} />
            </div>
            <p className="text-sm text-slate-700">
              {hardwareLine(variant)}
              {variant.requires.topology && ` · ${variant.requires.topology}`}
              {variant.requires.rdma && " · RDMA"} · chart {variant.chart.name} {variant.chart.version}
            </p>
            {variant.description && <p className="text-sm text-slate-700">{variant.description}</p>}
            <div className="mt-2 flex gap-3">
              <Link className="rounded-md bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-800" to={deployLink(model, { variant: variant.id, version, catalog, ...adopting })}>
                Deploy {variant.id}
              </Link>
              <DocsLink href={variant.link} />
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={() => { ref.current?.close?.(); onClose(); }}>
          Close
        </Button>
      </div>
    </dialog>
  );
}
