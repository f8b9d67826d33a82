// A `swiss apply` from a terminal, which this server never sees as a request, appears in the open
// release page's timeline by itself: revision 2, an apply with the CLI's note, not through this
// server, and what moved (two replicas), while revision 1 keeps the install the UI's server ran.
import assert from "node:assert/strict";
import { act, assertNoReload, axeScan, env, login, markDocument, pageHeading, scenario, screenshot } from "./lib.mjs";

const release = process.env.RELEASE;

await scenario("shows a CLI apply in the release's timeline without a reload", async ({ page }) => {
  await login(page);
  await page.goto(`${env.url}/deployments/${env.namespace}/${release}`);
  await pageHeading(page, release);
  const timeline = page.getByRole("list", { name: `Timeline of ${release}` });
  const first = timeline.getByRole("listitem", { name: "Revision 1" });
  await first.getByText("install", { exact: true }).waitFor();
  await first.getByText("by admin").waitFor();
  await markDocument(page);

  assert.equal(await act("cli-apply", release), "2");
  const second = timeline.getByRole("listitem", { name: "Revision 2" });
  await second.waitFor({ timeout: 10_000 });
  await second.getByText("apply", { exact: true }).waitFor();
  await second.getByText("“scaled from a terminal”").waitFor();
  await second.getByText("not through this server (no run recorded)").waitFor();
  await second.getByRole("list", { name: "What moved in revision 2" }).getByText("replicaCount 1 → 2", { exact: true }).waitFor();
  assert.equal(await timeline.getByRole("listitem").first().getAttribute("aria-label"), "Revision 2", "newest first");
  await assertNoReload(page);
  await screenshot(page, "release-timeline-with-a-cli-apply");
  await axeScan(page, "release (timeline)");
});
