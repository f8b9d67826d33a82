// Nodes: each node's GPUs as a bar, coloured by the release holding them; hovering a GPU names
// the pod, and a screen reader reads who holds what. Above them, the GPUs in use over time, which
// the server keeps from its own watches, end at what the bars show.
import { env, expect, pageHeading, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const pod = process.env.GPU_POD;
const gpus = Number(process.env.GPUS);

test("shows which release holds each GPU of a node", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.goto(`${env.url}/nodes`);
  await pageHeading(page, "Nodes");
  const bar = page.getByRole("img", { name: new RegExp(`${env.namespace}/${pod} \\(release ${release}\\): ${gpus} GPUs`) });
  await expect(bar).toBeVisible();
  const held = bar.locator(`[data-pod="${pod}"]`);
  await expect(held, "one cell per GPU the pod holds").toHaveCount(gpus);
  await expect(held.first()).toHaveAttribute("title", `${env.namespace}/${pod} (release ${release}): ${gpus} GPUs`);
  const colours = await held.evaluateAll((cells) => cells.map((cell) => globalThis.getComputedStyle(cell).backgroundColor));
  expect(new Set(colours).size, "a release's GPUs share its colour").toBe(1);
  const free = await bar.locator('[title="free"]').first().evaluate((cell) => globalThis.getComputedStyle(cell).backgroundColor);
  expect(colours[0], "a held GPU does not look free").not.toBe(free);
  await held.first().hover();
  const overTime = page.getByRole("img", { name: /^GPUs in use over the last .*: \d+ of \d+ now$/ });
  await expect(overTime).toBeVisible();
  const lines = await page.getByRole("list", { name: "Lines" }).innerText();
  expect(lines).toMatch(/All GPUs: \d+ of \d+ in use/);
  expect(lines, "a line per product the nodes name").toMatch(/NVIDIA-H100-80GB-HBM3: \d+ of 16 in use/);
  await axeScan(page, "nodes with GPU bars");
  await saveScreenshot(page, "nodes-gpu-bars");

  await page.emulateMedia({ colorScheme: "dark" });
  await axeScan(page, "nodes with GPU bars (dark)");
  await saveScreenshot(page, "nodes-gpu-bars-dark");
});
