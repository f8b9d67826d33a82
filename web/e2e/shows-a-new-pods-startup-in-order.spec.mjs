// A new release's pod, watched from the deploy page's Status step and then its release page:
// its startup steps read scheduled → image pulled → started → startup probe passing → ready,
// each reached only after the ones before it (sampled while it starts), with the time it took
// against the startup probe's budget once ready. The pod asks for a node label no node has, so
// it waits unscheduled until the test labels a node: the page shows it at its first step, then
// moves on by itself.
import { card, env, expect, pageHeading, test } from "./fixtures.mjs";

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

test("shows a new pod's startup in order", async ({ page, act, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.goto(`${env.url}/deploy/${model}?variant=${variant}`);
  await pageHeading(page, `Deploy ${model}`);
  await page.getByLabel("Service ID").fill(release);
  await page.getByLabel("Namespace").fill(env.namespace);
  await page.getByLabel("Scheduling (YAML)").fill(`nodeSelector:\n  ${label}: "true"`);
  const buttons = page.getByRole("list", { name: "Deploy steps" });
  await buttons.getByRole("button", { name: "Plan", exact: true }).click();
  await expect(card(page, "Plan").getByText(`${env.namespace}/${release}`)).toBeVisible();
  await buttons.getByRole("button", { name: "Diff", exact: true }).click();
  await expect(card(page, "Diff").getByText("The release does not exist yet")).toBeVisible();
  await buttons.getByRole("button", { name: "Install", exact: true }).click();
  const status = card(page, "Status");
  await expect(status.getByText(`${release} submitted at revision 1`)).toBeVisible({ timeout: 60_000 });

  const startup = status.getByRole("list", { name: /^Startup of / });
  await expect(startup.first()).toBeVisible({ timeout: 30_000 });
  await expect(startup.first().locator('[aria-current="step"]').getByText("scheduled", { exact: true })).toBeVisible();
  const seen = [];
  let labelled = false;
  for (let i = 0; i < 120; i++) {
    const now = await steps(startup.first());
    expect(
      now.map((s) => s.name),
      "the steps, in order",
    ).toEqual(STAGES);
    const reached = now.filter((s) => s.done).length;
    expect(
      now.every((s, index) => s.done === index < reached),
      `a step is done only after every step before it: ${JSON.stringify(now)}`,
    ).toBe(true);
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
  expect(seen.at(-1), `the pod became ready (steps reached, as sampled: ${seen.join(" → ")})`).toBe(STAGES.length);
  expect([...seen].sort((a, b) => a - b), "steps are only ever reached, never lost, while it starts").toEqual(seen);
  expect(seen[0], "seen first waiting to be scheduled").toBe(0);
  console.log(`steps reached, as sampled: ${seen.join(" → ")}`);
  await expect(status.getByText(/started in \S+ of the startup probe's \S+/)).toBeVisible();
  await saveScreenshot(page, "deploy-status-pod-startup");
  await axeScan(page, "deploy (status step)");

  await status.getByRole("link", { name: `Open ${env.namespace}/${release}` }).click();
  await pageHeading(page, release);
  const onRelease = card(page, "Pods").getByRole("list", { name: /^Startup of / }).first();
  await expect(onRelease).toBeVisible();
  expect((await steps(onRelease)).map((s) => [s.name, s.done])).toEqual(STAGES.map((name) => [name, true]));
  await saveScreenshot(page, "release-pod-startup");
});
