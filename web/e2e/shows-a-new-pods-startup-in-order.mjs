// A new release's pod, watched from the deploy page's Status step and then its release page:
// its startup steps read scheduled → image pulled → started → startup probe passing → ready,
// each reached only after the ones before it (sampled while it starts), with the time it took
// against the startup probe's budget once ready. The pod asks for a node label no node has, so
// it waits unscheduled until the test labels a node: the page shows it at its first step, then
// moves on by itself.
import assert from "node:assert/strict";
import { act, axeScan, card, env, login, pageHeading, scenario, screenshot } from "./lib.mjs";

const model = process.env.MODEL;
const variant = process.env.VARIANT;
const release = process.env.RELEASE;
const label = process.env.NODE_LABEL;
const STAGES = ["scheduled", "image pulled", "started", "startup probe passing", "ready"];

/** Each step's name and whether it is done, in the order the list gives them. */
async function steps(list) {
  return list.getByRole("listitem").evaluateAll((items) =>
    items.map((item) => ({ name: item.querySelector("span:nth-child(2)")?.textContent ?? "", done: item.textContent.includes("(done)") })),
  );
}

await scenario("shows a new pod's startup in order", async ({ page }) => {
  await login(page);
  await page.goto(`${env.url}/deploy/${model}?variant=${variant}`);
  await pageHeading(page, `Deploy ${model}`);
  await page.getByLabel("Service ID").fill(release);
  await page.getByLabel("Namespace").fill(env.namespace);
  await page.getByLabel("Scheduling (YAML)").fill(`nodeSelector:\n  ${label}: "true"`);
  const buttons = page.getByRole("list", { name: "Deploy steps" });
  await buttons.getByRole("button", { name: "Plan", exact: true }).click();
  await card(page, "Plan").getByText(`${env.namespace}/${release}`).waitFor();
  await buttons.getByRole("button", { name: "Diff", exact: true }).click();
  await card(page, "Diff").getByText("The release does not exist yet").waitFor();
  await buttons.getByRole("button", { name: "Install", exact: true }).click();
  const status = card(page, "Status");
  await status.getByText(`${release} submitted at revision 1`).waitFor({ timeout: 60_000 });

  const startup = status.getByRole("list", { name: /^Startup of / });
  await startup.first().waitFor({ timeout: 30_000 });
  await startup.first().locator('[aria-current="step"]').getByText("scheduled", { exact: true }).waitFor();
  const seen = [];
  let labelled = false;
  for (let i = 0; i < 120; i++) {
    const now = await steps(startup.first());
    assert.deepEqual(
      now.map((s) => s.name),
      STAGES,
      "the steps, in order",
    );
    const reached = now.filter((s) => s.done).length;
    assert.ok(
      now.every((s, index) => s.done === index < reached),
      `a step is done only after every step before it: ${JSON.stringify(now)}`,
    );
    if (seen.at(-1) !== reached) {
      seen.push(reached);
    }
    if (reached === STAGES.length) {
      break;
    }
    if (!labelled) {
      await act("label-a-node", label);
      labelled = true;
    }
    await page.waitForTimeout(250);
  }
  assert.equal(seen.at(-1), STAGES.length, `the pod became ready (steps reached, as sampled: ${seen.join(" → ")})`);
  assert.deepEqual([...seen].sort((a, b) => a - b), seen, "steps are only ever reached, never lost, while it starts");
  assert.equal(seen[0], 0, "seen first waiting to be scheduled");
  console.log(`steps reached, as sampled: ${seen.join(" → ")}`);
  await status.getByText(/started in \S+ of the startup probe's \S+/).waitFor();
  await screenshot(page, "deploy-status-pod-startup");
  await axeScan(page, "deploy (status step)");

  await status.getByRole("link", { name: `Open ${env.namespace}/${release}` }).click();
  await pageHeading(page, release);
  const onRelease = card(page, "Pods").getByRole("list", { name: /^Startup of / }).first();
  await onRelease.waitFor();
  assert.deepEqual(
    (await steps(onRelease)).map((s) => [s.name, s.done]),
    STAGES.map((name) => [name, true]),
  );
  await screenshot(page, "release-pod-startup");
});
