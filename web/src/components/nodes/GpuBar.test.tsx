import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { NodeView } from "../../api/nodes";
import { releaseColour } from "../../fleet/gpuHolders";
import { GpuBar } from "./GpuBar";

afterEach(cleanup);

const node = { Name: "gpu-a", GPUs: 8 } as NodeView;
const chat = { namespace: "models", release: "chat" };

describe("GpuBar", () => {
  it("draws one cell per GPU, held ones in their release's colour naming the pod on hover, the rest free", () => {
    const { container } = render(
      <GpuBar
        node={node}
        holders={[
          { pod: { namespace: "models", name: "chat-vllm-0", gpus: 2, node: "gpu-a" }, release: chat },
          { pod: { namespace: "ci", name: "train-0", gpus: 1, node: "gpu-a" } },
        ]}
      />,
    );
    const cells = [...container.querySelectorAll("[role=img] > span")];
    expect(cells).toHaveLength(8);
    expect(cells.slice(0, 2).map((cell) => cell.getAttribute("title"))).toEqual(["models/chat-vllm-0 (release chat): 2 GPUs", "models/chat-vllm-0 (release chat): 2 GPUs"]);
    expect(cells[0].className).toContain(releaseColour(chat));
    expect(cells[2].getAttribute("title")).toBe("ci/train-0 (no release of swiss): 1 GPU");
    expect(cells.slice(3).every((cell) => cell.getAttribute("title") === "free")).toBe(true);
  });

  it("reads as one sentence to a screen reader", () => {
    render(<GpuBar node={node} holders={[{ pod: { namespace: "models", name: "chat-vllm-0", gpus: 2, node: "gpu-a" }, release: chat }]} />);
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("gpu-a: 2 of 8 GPUs held by models/chat-vllm-0 (release chat): 2 GPUs");
  });
});
