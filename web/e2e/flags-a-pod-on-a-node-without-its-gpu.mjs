// A GPU variant whose values ask Kubernetes for no GPU, pinned to the CPU node: its pod runs, and
// the release page says where it went wrong (on the pod's row) and what the plan asks for (in
// one line on the Plan card), instead of showing a pod that will never load as merely running.
import assert from "node:assert/strict";
import { axeScan, card, env, login, pageHeading, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;
const cpuNode = process.env.CPU_NODE;

await scenario("flags a pod on a node without its GPU", async ({ page }) => {
  await login(page);
  await page.goto(`${env.url}/deployments/${env.namespace}/${release}`);
  await pageHeading(page, release);
  const pods = page.getByRole("table", { name: "Pods" });
  const row = pods.locator("tbody tr").filter({ hasText: cpuNode });
  await row.waitFor({ timeout: 60_000 });
  const pod = (await row.locator("td").first().innerText()).split("\n")[0].trim();
  const problems = page.getByRole("list", { name: `Placement problems of ${pod}` });
  await problems.getByText(`node ${cpuNode} has no GPUs, but the variant needs 1 GPU`).waitFor();
  await problems.getByText(/asks for no GPU, but the variant needs 1 GPU/).waitFor();

  const scheduling = card(page, "Plan").locator("dt", { hasText: "Scheduling" }).locator("xpath=following-sibling::dd[1]");
  const line = (await scheduling.innerText()).trim();
  assert.match(line, /^1 GPU \(no GPU resource requested\) · product any · /);
  assert.match(line, new RegExp(`nodeSelector kubernetes.io/hostname=${cpuNode}`));
  await screenshot(page, "release-pod-on-a-cpu-node-flagged");
  await axeScan(page, "release (pod on a node without its GPU)");
});
