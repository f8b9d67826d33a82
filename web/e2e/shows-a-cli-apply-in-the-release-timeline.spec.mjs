// A `swiss apply` from a terminal, which this server never sees as a request, appears in the open
// release page's timeline by itself: revision 2, an apply with the CLI's note, not through this
// server, and what moved (two replicas), while revision 1 keeps the install the UI's server ran.
import { assertNoReload, env, expect, markDocument, pageHeading, test } from "./fixtures.mjs";

const release = process.env.RELEASE;

test("shows a CLI apply in the release's timeline without a reload", async ({ page, act, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.goto(`${env.url}/deployments/${env.namespace}/${release}`);
  await pageHeading(page, release);
  const timeline = page.getByRole("list", { name: `Timeline of ${release}` });
  const first = timeline.getByRole("listitem", { name: "Revision 1" });
  await expect(first.getByText("install", { exact: true })).toBeVisible();
  await expect(first.getByText("by admin")).toBeVisible();
  await markDocument(page);

  expect(await act("cli-apply", release)).toBe("2");
  const second = timeline.getByRole("listitem", { name: "Revision 2" });
  await expect(second).toBeVisible({ timeout: 10_000 });
  await expect(second.getByText("apply", { exact: true })).toBeVisible();
  await expect(second.getByText("“scaled from a terminal”")).toBeVisible();
  await expect(second.getByText("not through this server (no run recorded)")).toBeVisible();
  await expect(second.getByRole("list", { name: "What moved in revision 2" }).getByText("replicaCount 1 → 2", { exact: true })).toBeVisible();
  await expect(timeline.getByRole("listitem").first(), "newest first").toHaveAttribute("aria-label", "Revision 2");
  await assertNoReload(page);
  await saveScreenshot(page, "release-timeline-with-a-cli-apply");
  await axeScan(page, "release (timeline)");
});
