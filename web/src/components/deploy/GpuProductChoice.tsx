import type { UseQueryResult } from "@tanstack/react-query";
import type { GpuProducts } from "../../api/catalog";
import { ErrorState, Loading } from "../ui/States";
import { InlineProblems } from "./PreflightNotes";

/** Which GPU products to schedule on; none chosen means any product the variant supports. */
export function GpuProductChoice({
  products,
  chosen,
  onChange,
  force,
  onForceChange,
  disabled,
  problems,
}: {
  products: UseQueryResult<GpuProducts>;
  chosen: string[];
  onChange: (products: string[]) => void;
  /** Whether products the catalog does not list may be chosen too. */
  force: boolean;
  onForceChange: (force: boolean) => void;
  disabled?: boolean;
  problems?: string[];
}) {
  const toggle = (product: string, on: boolean) => onChange(on ? [...chosen, product] : chosen.filter((p) => p !== product));
  return (
    <fieldset className="flex flex-col gap-1" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">GPU products</legend>
      {products.isPending && <Loading what="GPU products" />}
      {products.isError && <ErrorState error={products.error} retry={() => void products.refetch()} />}
      {products.data && (
        <>
          <ul className="flex flex-wrap gap-3 text-sm">
            {products.data.products.map((item) => (
              <li key={item.product}>
                <label className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={chosen.includes(item.product)}
                    disabled={!item.catalogSupported && !force && !chosen.includes(item.product)}
                    onChange={(event) => toggle(item.product, event.target.checked)}
                  />
                  <span className="font-mono text-xs">{item.product}</span>
                  <span className="text-xs text-slate-600">
                    {item.onCluster ? `${item.nodes} nodes, ${item.gpus} GPUs` : "not on this cluster"}
                    {!item.catalogSupported && " · not listed by the catalog"}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {products.data.products.some((item) => !item.catalogSupported) && (
            <label className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={force}
                onChange={(event) => {
                  onForceChange(event.target.checked);
                  if (!event.target.checked) {
                    // Unforced, an unlisted product would only be refused: drop it.
                    const listed = new Set(products.data.products.filter((item) => item.catalogSupported).map((item) => item.product));
                    onChange(chosen.filter((product) => listed.has(product)));
                  }
                }}
              />
              Allow products the catalog does not list for this variant
            </label>
          )}
          {products.data.products.length === 0 && <p className="text-xs text-slate-600">The variant lists no products and none is on this cluster.</p>}
          {products.data.inventoryError && <p className="text-xs text-amber-900">Nodes could not be listed: {products.data.inventoryError}</p>}
          <p className="text-xs text-slate-600">None chosen: any product the variant supports ({products.data.resource}).</p>
        </>
      )}
      {problems && problems.length > 0 && (
        <p className="text-xs text-red-800">
          <InlineProblems messages={problems} />
        </p>
      )}
    </fieldset>
  );
}
