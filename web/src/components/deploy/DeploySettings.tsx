import type { UseQueryResult } from "@tanstack/react-query";
import type { GpuProducts } from "../../api/catalog";
import type { DeployForm } from "../../deploy/formToRequest";
import type { FormField } from "../../deploy/preflight";
import { Card } from "../ui/Card";
import { GpuProductChoice } from "./GpuProductChoice";
import { Field, SelectField, TextAreaField } from "../ui/Field";
import { InlineProblems } from "./PreflightNotes";

export type SettingsMode = "deploy" | "upgrade" | "rollback";

export interface SettingsPlaceholders {
  serviceId?: string;
  namespace?: string;
  localPath?: string;
}

const SCHEDULING_EXAMPLE = "tolerations:\n  - key: gpu\n    operator: Exists\npriorityClassName: high\nschedulerName: volcano";

function tri(value: boolean | undefined, on: string, off: string): string {
  return value === undefined ? "" : value ? on : off;
}

/**
 * The deploy settings. On an upgrade the identity (service id, namespace) is locked: renaming
 * would orphan the route, scaler and SLO or install a second release. On a rollback the whole
 * form is read-only: the archived plan is re-applied as it was.
 */
export function DeploySettings({
  form,
  onChange,
  mode,
  placeholders = {},
  gpuProducts,
  problems = {},
}: {
  form: DeployForm;
  onChange: (form: DeployForm) => void;
  mode: SettingsMode;
  placeholders?: SettingsPlaceholders;
  gpuProducts?: UseQueryResult<GpuProducts>;
  problems?: Partial<Record<FormField, string[]>>;
}) {
  const set = <K extends keyof DeployForm>(key: K, value: DeployForm[K]) => onChange({ ...form, [key]: value });
  const locked = mode !== "deploy";
  const noted = (field: FormField) => (problems[field]?.length ? <InlineProblems messages={problems[field]!} /> : undefined);
  return (
    <fieldset disabled={mode === "rollback"} className="flex flex-col gap-4">
      <legend className="sr-only">Deploy settings</legend>
      <Card title="Deploy settings">
        <p className="mb-3 text-sm text-slate-700">Engine flags, probes and the image come from the catalog variant; pick another variant to change those.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Service ID"
            value={form.serviceId}
            placeholder={placeholders.serviceId}
            disabled={locked}
            onChange={(event) => set("serviceId", event.target.value)}
            hint={locked ? "Fixed on an upgrade: deploy a new release to run a second service" : "Names the helm release, the route, the scaler and the SLO"}
            error={noted("serviceId")}
          />
          <Field
            label="Namespace"
            value={form.namespace}
            placeholder={placeholders.namespace}
            disabled={locked}
            onChange={(event) => set("namespace", event.target.value)}
            hint={locked ? "Fixed on an upgrade" : "Empty: the site profile's namespace"}
            error={noted("namespace")}
          />
          <Field
            label="Model path"
            value={form.localPath}
            placeholder={placeholders.localPath}
            onChange={(event) => set("localPath", event.target.value)}
            hint="Where the weights are on the nodes; empty: the site's path template"
          />
          <div className="grid grid-cols-2 gap-2">
            <SelectField
              label="Scaling"
              value={tri(form.autoscale, "autoscale", "fixed")}
              onChange={(event) => set("autoscale", event.target.value === "" ? undefined : event.target.value === "autoscale")}
            >
              <option value="">as the variant sets</option>
              <option value="fixed">fixed replicas</option>
              <option value="autoscale">autoscale (LLMScaler)</option>
            </SelectField>
            <Field
              label="Replicas"
              type="number"
              min={0}
              inputMode="numeric"
              value={form.replicas}
              disabled={form.autoscale === true}
              onChange={(event) => set("replicas", event.target.value)}
              hint={form.autoscale === true ? "The LLMScaler owns the replica count" : undefined}
            />
          </div>
          <fieldset className="grid grid-cols-2 gap-2 sm:col-span-2">
            <legend className="mb-1 text-sm font-semibold text-slate-800">Routing</legend>
            <SelectField
              label="Publish a route"
              value={tri(form.publishRoute, "yes", "no")}
              onChange={(event) => {
                const publish = event.target.value === "" ? undefined : event.target.value === "yes";
                onChange({ ...form, publishRoute: publish, route: publish === false ? "" : form.route });
              }}
            >
              <option value="">as the variant sets</option>
              <option value="yes">yes</option>
              <option value="no">no</option>
            </SelectField>
            <Field
              label="Route path"
              value={form.route}
              placeholder={form.serviceId || placeholders.serviceId}
              disabled={form.publishRoute === false}
              onChange={(event) => set("route", event.target.value)}
              hint="Empty: the service id"
              error={noted("routing")}
            />
          </fieldset>
        </div>
      </Card>
      <Card title="Advanced">
        <div className="flex flex-col gap-4">
          {gpuProducts ? (
            <GpuProductChoice
              products={gpuProducts}
              chosen={form.gpuProducts}
              onChange={(chosen) => set("gpuProducts", chosen)}
              force={form.forceGpuProducts}
              onForceChange={(force) => set("forceGpuProducts", force)}
              problems={problems.gpuProducts}
            />
          ) : (
            <p className="text-sm text-slate-700">
              GPU products: {form.gpuProducts.length > 0 ? form.gpuProducts.join(", ") : "any the variant supports"}
              {problems.gpuProducts && <InlineProblems messages={problems.gpuProducts} />}
            </p>
          )}
          <TextAreaField
            label="Scheduling (YAML)"
            value={form.schedulingYAML}
            placeholder={SCHEDULING_EXAMPLE}
            readOnly={mode !== "deploy"}
            onChange={(event) => set("schedulingYAML", event.target.value)}
            hint={
              mode === "deploy"
                ? "Tolerations, priority class, scheduler: values merged into the form layer; the server parses it"
                : "Carried from the deployed form layer; an upgrade changes these through the plan edits below"
            }
          />
        </div>
      </Card>
      <Card title="Plan editor">
        <TextAreaField
          label="Plan edits (YAML)"
          value={form.editsYAML}
          placeholder={"extraArgs:\n  - --max-running-requests\n  - '64'"}
          onChange={(event) => set("editsYAML", event.target.value)}
          hint="Any values key, applied after every layer: it shows as its own edit layer"
        />
      </Card>
    </fieldset>
  );
}
