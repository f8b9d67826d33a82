// The second pair of eyes on a protected site, as two people do it: alice plans and diffs an
// install, which waits for an approval she asks for; she cannot approve her own request; bob, in
// another browser, sees the same diff on the Approvals page and approves it; alice's open page
// learns of it by itself, installs, and the release's timeline says who approved it. Then the
// uninstall, asked for on the release page, shows there as pending until bob approves it too.
import { card, env, expect, pageHeading, test, watchErrors } from "./fixtures.mjs";

const model = process.env.MODEL;
const variant = process.env.VARIANT;
const release = process.env.RELEASE;
const approver = process.env.APPROVER;
const note = "first rollout of the small model";

test("requests an approval, another user approves it in a second browser, and the install goes through; the uninstall too", async ({ page, errors, anotherUser, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.goto(`${env.url}/deploy/${model}?variant=${variant}`);
  await pageHeading(page, `Deploy ${model}`);
  await page.getByLabel("Service ID").fill(release);
  await page.getByLabel("Namespace").fill(env.namespace);
  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await expect(card(page, "Plan").getByText(`${env.namespace}/${release}`)).toBeVisible();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await expect(card(page, "Diff").getByText("The release does not exist yet")).toBeVisible();

  const install = steps.getByRole("button", { name: "Install", exact: true });
  const approval = page.getByRole("status", { name: "Approval" });
  await expect(approval.getByText("This site requires approval")).toBeVisible();
  await expect(install, "no install before an approval is asked for").toBeDisabled();
  await expect(install).toHaveAccessibleDescription(/^Request approval first/);
  await page.getByLabel("Note").fill(note);
  await steps.getByRole("button", { name: "Request approval" }).click();
  await expect(steps.getByText("Approval pending")).toBeVisible();
  const id = (await approval.innerText()).match(/Approval request (\d+)/)?.[1];
  expect(id, "the pending request is named by its id").toBeTruthy();
  await expect(install, "no install while the request is pending").toBeDisabled();
  await axeScan(page, "deploy (approval pending)");
  await saveScreenshot(page, "approval-requested");

  // In a second tab of her own, alice finds her request but cannot approve it, and is told why.
  const own = await page.context().newPage();
  const ownErrors = watchErrors(own);
  await own.goto(`${env.url}/approvals`);
  await pageHeading(own, "Approvals");
  const ownApprove = own.getByRole("button", { name: `Approve request ${id}` });
  await expect(ownApprove, "a user cannot approve their own request").toBeDisabled();
  await expect(ownApprove).toHaveAccessibleDescription("You asked for this: another user must approve it");
  await own.close();
  ownErrors.assertNone();

  const bob = await anotherUser(approver);
  await scenarioWithBob({ page, bob, id, steps, install, approval, errors, axeScan, saveScreenshot });
});

/** The rest, with bob's browser open: he approves the install, then the uninstall. */
async function scenarioWithBob({ page, bob, id, steps, install, approval, errors, axeScan, saveScreenshot }) {
  await bob.page.goto(`${env.url}/approvals`);
  await pageHeading(bob.page, "Approvals");
  await expect(bob.page.getByRole("banner").getByText(approver, { exact: true })).toBeVisible();
  const row = bob.page
    .getByRole("table", { name: /^Pending approval requests/ })
    .getByRole("row")
    .filter({ has: bob.page.getByRole("cell", { name: id, exact: true }) });
  await expect(row.getByText(note)).toBeVisible();
  await expect(row.getByRole("cell", { name: env.user, exact: true })).toBeVisible();
  await axeScan(bob.page, "approvals (pending)");
  await saveScreenshot(bob.page, "approvals-pending");
  await row.getByRole("button", { name: `Approve request ${id}` }).click();
  const review = bob.page.getByRole("region", { name: `Review request ${id}` });
  // The same diff alice saw: the release does not exist, everything is an addition.
  await expect(review.getByText("The release does not exist yet")).toBeVisible();
  await expect(review.getByRole("region", { name: "Diff output" })).toBeVisible();
  await axeScan(bob.page, "approvals (reviewing the diff)");
  await saveScreenshot(bob.page, "approval-review");
  await review.getByLabel("Decision note").fill("looks right");
  await review.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(bob.page.getByRole("status").filter({ hasText: `Request ${id} approved` })).toBeVisible();
  await expect(
    bob.page
      .getByRole("table", { name: /^Recent approval requests/ })
      .getByRole("row")
      .filter({ has: bob.page.getByRole("cell", { name: id, exact: true }) })
      .getByText("approved", { exact: true }),
  ).toBeVisible();
  await saveScreenshot(bob.page, "approval-approved");

  // Alice's page was left open: it polls the pending request and opens Install by itself.
  await expect(steps.getByText("Approved", { exact: true })).toBeVisible();
  await expect(approval.getByText(`Approved by ${approver}`)).toBeVisible();
  await expect(install, "the approved install can run").toBeEnabled();
  await install.click();
  await expect(page.getByRole("status").filter({ hasText: `${release} submitted at revision 1` })).toBeVisible({ timeout: 60_000 });
  await saveScreenshot(page, "approval-installed");

  await page.getByRole("link", { name: `Open ${env.namespace}/${release}` }).click();
  await pageHeading(page, release);
  await expect(page.getByRole("list", { name: `Timeline of ${release}` }).getByText(`approved by ${approver}`)).toBeVisible();
  await saveScreenshot(page, "approval-in-the-timeline");

  // The uninstall needs an approval too: asked for on the release page, which shows it pending.
  const uninstallCard = card(page, "Uninstall");
  await uninstallCard.getByLabel(`Type ${release} to confirm`).fill(release);
  const uninstall = uninstallCard.getByRole("button", { name: "Uninstall", exact: true });
  await expect(uninstall, "no uninstall before an approval").toBeDisabled();
  await uninstallCard.getByLabel("Why (for the approver)").fill("the trial is over");
  await uninstallCard.getByRole("button", { name: "Request approval" }).click();
  const pendingHere = page.getByRole("region", { name: `Approvals of ${release}` });
  await expect(pendingHere.getByText(`asks to uninstall ${env.namespace}/${release}`)).toBeVisible();
  const uninstallId = (await pendingHere.innerText()).match(/Request (\d+): /)?.[1];
  expect(uninstallId && uninstallId !== id, "the uninstall is a request of its own").toBeTruthy();
  await expect(pendingHere.getByRole("link", { name: "Review on the Approvals page" })).toBeVisible();
  await axeScan(page, "release (uninstall approval pending)");
  await saveScreenshot(page, "approval-pending-on-the-release");

  await bob.page.reload();
  await pageHeading(bob.page, "Approvals");
  await bob.page.getByRole("button", { name: `Approve request ${uninstallId}` }).click();
  const uninstallReview = bob.page.getByRole("region", { name: `Review request ${uninstallId}` });
  await expect(uninstallReview.getByText("there is no diff to show")).toBeVisible();
  await uninstallReview.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(bob.page.getByRole("status").filter({ hasText: `Request ${uninstallId} approved` })).toBeVisible();

  await expect(uninstallCard.getByRole("status", { name: "Approval" }).getByText(`Approved by ${approver}`)).toBeVisible();
  // The release page keeps asking whether a plan is left, and after the uninstall none is: 404.
  errors.expect(404, "/plan");
  await uninstall.click();
  await expect(page.getByRole("status").filter({ hasText: `${env.namespace}/${release} was uninstalled.` })).toBeVisible({ timeout: 60_000 });

  // Both writes spent their approvals: neither is usable again, and the page says so.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Approvals" }).click();
  await pageHeading(page, "Approvals");
  const recent = page.getByRole("table", { name: /^Recent approval requests/ });
  for (const request of [id, uninstallId]) {
    await expect(
      recent
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: request, exact: true }) })
        .getByText("spent", { exact: true }),
    ).toBeVisible();
  }
  await saveScreenshot(page, "approvals-spent");
}
