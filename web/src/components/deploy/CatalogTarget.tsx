import type { UseQueryResult } from "@tanstack/react-query";
import type { CatalogEntryReply, CatalogIndexReply } from "../../api/catalog";
import type { Plan } from "../../api/plans";
import { Card } from "../ui/Card";
import { ErrorState } from "../ui/States";
import { SelectField } from "./Inputs";

export interface TargetChoice {
  /** "" = the catalog's latest. */
  version: string;
  /** "" = keep the deployed variant. */
  variant: string;
}

/** Which catalog version and variant an upgrade moves the release to. */
export function CatalogTarget({
  live,
  choice,
  onChange,
  index,
  entry,
}: {
  live: Plan;
  choice: TargetChoice;
  onChange: (choice: TargetChoice) => void;
  index: UseQueryResult<CatalogIndexReply>;
  entry: UseQueryResult<CatalogEntryReply>;
}) {
  const versions = index.data?.index.models.find((model) => model.name === live.source.model)?.versions.map((version) => version.version) ?? [];
  const variants = entry.data?.entry.variants ?? [];
  return (
    <Card title="Catalog target">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Model version"
          value={choice.version}
          onChange={(event) => onChange({ ...choice, version: event.target.value })}
          hint={`Deployed: ${live.source.version ?? "unknown"}`}
        >
          <option value="">latest</option>
          {versions.map((version) => (
            <option key={version} value={version}>
              {version}
            </option>
          ))}
        </SelectField>
        <SelectField label="Variant" value={choice.variant} onChange={(event) => onChange({ ...choice, variant: event.target.value })}>
          <option value="">keep {live.source.variant}</option>
          {variants
            .filter((variant) => variant.id !== live.source.variant)
            .map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.id}
              </option>
            ))}
        </SelectField>
      </div>
      {index.isError && <ErrorState error={index.error} retry={() => void index.refetch()} />}
      {entry.isError && <ErrorState error={entry.error} retry={() => void entry.refetch()} />}
    </Card>
  );
}
