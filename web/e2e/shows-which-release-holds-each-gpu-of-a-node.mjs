// Nodes: each node's GPUs as a bar, coloured by the release holding them; hovering a GPU names
// the pod, and a screen reader reads who holds what. Above them, the GPUs in use over time, which
// the server keeps from its own watches, end at what the bars show.
import assert from "node:assert/strict";
import { axeScan, env, login, pageHeading, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;
const pod = process.env.GPU_POD;
const gpus = Number(process.env.GPUS);

await scenario("shows which release holds each GPU of a node", async ({ page }) => {
  await login(page);
  await page.goto(`${env.url}/nodes`);
  await pageHeading(page, "Nodes");
  const bar = page.getByRole("img", { name: new RegExp(`${env.namespace}/${pod} \\(release ${release}\\): ${gpus} GPUs`) });
  await bar.waitFor();
  const held = bar.locator(`[data-pod="${pod}"]`);
  assert.equal(await held.count(), gpus, "one cell per GPU the pod holds");
  assert.equal(await held.first().getAttribute("title"), `${env.namespace}/${pod} (release ${release}): ${gpus} GPUs`);
  const colours = await held.evaluateAll((cells) => cells.map((cell) => globalThis.getComputedStyle(cell).backgroundColor));
  assert.equal(new Set(colours).size, 1, "a release's GPUs share its colour");
  const free = await bar.locator('[title="free"]').first().evaluate((cell) => globalThis.getComputedStyle(cell).backgroundColor);
  assert.notEqual(colours[0], free, "a held GPU does not look free");
  await held.first().hover();
  const overTime = page.getByRole("img", { name: /^GPUs in use over the last .*: \d+ of \d+ now$/ });
  await overTime.waitFor();
  const lines = await page.getByRole("list", { name: "Lines" }).innerText();
  assert.match(lines, /All GPUs: \d+ of \d+ in use/);
  assert.match(lines, /NVIDIA-H100-80GB-HBM3: \d+ of 16 in use/, "a line per product the nodes name");
  await axeScan(page, "nodes with GPU bars");
  await screenshot(page, "nodes-gpu-bars");

  await page.emulateMedia({ colorScheme: "dark" });
  await axeScan(page, "nodes with GPU bars (dark)");
  await screenshot(page, "nodes-gpu-bars-dark");
});
