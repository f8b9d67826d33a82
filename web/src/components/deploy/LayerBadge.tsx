import { Badge, type Tone } from "../ui/Badge";

const LAYER_TONE: Record<string, Tone> = {
  catalog: "neutral",
  site: "info",
  derived: "muted",
  form: "success",
  edit: "warning",
};

export function LayerBadge({ layer }: { layer: string }) {
  return <Badge tone={LAYER_TONE[layer] ?? "neutral"}>{layer}</Badge>;
}
