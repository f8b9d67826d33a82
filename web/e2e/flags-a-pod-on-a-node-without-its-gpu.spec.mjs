// A GPU variant whose values ask Kubernetes for no GPU, pinned to the CPU node: its pod runs, and
// the release page says where it went wrong (on the pod's row) and what the plan asks for (in
// one line on the Plan card), instead of showing a pod that will never load as merely running.
// A variant the catalog builds for H100s, pinned to the B300 node, is flagged for its product.
import { card, env, expect, pageHeading, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const cpuNode = process.env.CPU_NODE;
const wrongGpuRelease = process.env.WRONG_GPU_RELEASE;
const wrongGpuNode = process.env.WRONG_GPU_NODE;

/** The placement problems listed for the first pod of the Pods table that runs on `node`. */
async function problemsOfPodOn(page, node) {
  const row = page.getByRole("table", { name: "Pods" }).locator("tbody tr").filter({ hasText: node });
  await expect(row).toBeVisible({ timeout: 60_000 });
  const pod = (await row.locator("td").first().innerText()).split("\n")[0].trim();
  return page.getByRole("list", { name: `Placement problems of ${pod}` });
}

test("flags a pod on a node without its GPU", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.goto(`${env.url}/deployments/${env.namespace}/${release}`);
  await pageHeading(page, release);
  const problems = await problemsOfPodOn(page, cpuNode);
  await expect(problems.getByText(`node ${cpuNode} has no GPUs, but the variant needs 1 GPU`)).toBeVisible();
  await expect(problems.getByText(/asks for no GPU, but the variant needs 1 GPU/)).toBeVisible();

  const scheduling = card(page, "Plan").locator("dt", { hasText: "Scheduling" }).locator("xpath=following-sibling::dd[1]");
  const line = (await scheduling.innerText()).trim();
  expect(line).toMatch(/^1 GPU \(no GPU resource requested\) · product any · /);
  expect(line).toMatch(new RegExp(`nodeSelector kubernetes.io/hostname=${cpuNode}`));
  await saveScreenshot(page, "release-pod-on-a-cpu-node-flagged");
  await axeScan(page, "release (pod on a node without its GPU)");

  await page.goto(`${env.url}/deployments/${env.namespace}/${wrongGpuRelease}`);
  await pageHeading(page, wrongGpuRelease);
  const wrongGpu = await problemsOfPodOn(page, wrongGpuNode);
  await expect(wrongGpu.getByText(`node ${wrongGpuNode} has NVIDIA-B300-SXM6-AC, but the variant needs NVIDIA-H100-80GB-HBM3`)).toBeVisible();
  const wrongGpuLine = (await card(page, "Plan").locator("dt", { hasText: "Scheduling" }).locator("xpath=following-sibling::dd[1]").innerText()).trim();
  expect(wrongGpuLine).toMatch(/product NVIDIA-H100-80GB-HBM3 \(the variant's, not pinned by the values\)/);
  await saveScreenshot(page, "release-pod-on-the-wrong-gpu-flagged");
});
