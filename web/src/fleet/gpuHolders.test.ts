import { describe, expect, it } from "vitest";
import { gpuHolders, OTHER_COLOUR, releaseColour, releaseOfPod } from "./gpuHolders";

const releases = [
  { namespace: "models", release: "chat" },
  { namespace: "models", release: "chat-large" },
  { namespace: "lab", release: "chat" },
];

describe("releaseOfPod", () => {
  it("takes the release the pod's label names, even one off the page or named unlike the pod", () => {
    expect(releaseOfPod({ namespace: "models", name: "engine-0", release: "chat-large" }, releases)).toEqual({ namespace: "models", release: "chat-large" });
    expect(releaseOfPod({ namespace: "models", name: "chat-vllm-0", release: "elsewhere" }, releases)).toEqual({ namespace: "models", release: "elsewhere" });
  });

  it("finds the release whose name starts the pod's, in the pod's namespace, the longest name winning", () => {
    expect(releaseOfPod({ namespace: "models", name: "chat-vllm-5b59c4bb-lgsdg" }, releases)).toEqual({ namespace: "models", release: "chat" });
    expect(releaseOfPod({ namespace: "models", name: "chat-large-vllm-0" }, releases)).toEqual({ namespace: "models", release: "chat-large" });
    expect(releaseOfPod({ namespace: "lab", name: "chat-large-vllm-0" }, releases)).toEqual({ namespace: "lab", release: "chat" });
  });

  it("finds none for a pod of no release, or a name that only shares letters", () => {
    expect(releaseOfPod({ namespace: "models", name: "training-job-0" }, releases)).toBeUndefined();
    expect(releaseOfPod({ namespace: "models", name: "chatter-0" }, releases)).toBeUndefined();
    expect(releaseOfPod({ namespace: "other", name: "chat-vllm-0" }, releases)).toBeUndefined();
  });
});

describe("gpuHolders", () => {
  it("pairs each pod with its release", () => {
    const pod = { namespace: "models", name: "chat-vllm-0", gpus: 2, node: "gpu-a" };
    expect(gpuHolders([pod], releases)).toEqual([{ pod, release: { namespace: "models", release: "chat" } }]);
  });
});

describe("releaseColour", () => {
  it("gives a release the same colour every time, and a pod of no release the neutral one", () => {
    expect(releaseColour({ namespace: "models", release: "chat" })).toBe(releaseColour({ namespace: "models", release: "chat" }));
    expect(releaseColour({ namespace: "models", release: "chat" })).not.toBe(OTHER_COLOUR);
    expect(releaseColour(undefined)).toBe(OTHER_COLOUR);
  });

  it("tells apart most releases of a fleet", () => {
    const colours = new Set(["a", "b", "c", "d", "e", "f"].map((release) => releaseColour({ namespace: "models", release })));
    expect(colours.size).toBeGreaterThan(3);
  });
});
