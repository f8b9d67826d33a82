// The second pair of eyes on a protected site, as two people do it: alice plans and diffs an
// install, which waits for an approval she asks for; she cannot approve her own request; bob, in
// another browser, sees the same diff on the Approvals page and approves it; alice's open page
// learns of it by itself, installs, and the release's timeline says who approved it. Then the
// uninstall, asked for on the release page, shows there as pending until bob approves it too.
import assert from "node:assert/strict";
import { anotherUser, axeScan, card, describedAs, env, login, pageHeading, scenario, screenshot, watchErrors } from "./lib.mjs";

const model = process.env.MODEL;
const variant = process.env.VARIANT;
const release = process.env.RELEASE;
const approver = process.env.APPROVER;
const note = "first rollout of the small model";

await scenario("requests an approval, another user approves it in a second browser, and the install goes through; the uninstall too", async ({ page, errors }) => {
  await login(page);
  await page.goto(`${env.url}/deploy/${model}?variant=${variant}`);
  await pageHeading(page, `Deploy ${model}`);
  await page.getByLabel("Service ID").fill(release);
  await page.getByLabel("Namespace").fill(env.namespace);
  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await card(page, "Plan").getByText(`${env.namespace}/${release}`).waitFor();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await card(page, "Diff").getByText("The release does not exist yet").waitFor();

  const install = steps.getByRole("button", { name: "Install", exact: true });
  const approval = page.getByRole("status", { name: "Approval" });
  await approval.getByText("This site requires approval").waitFor();
  assert.equal(await install.isDisabled(), true, "no install before an approval is asked for");
  assert.match(await describedAs(install), /^Request approval first/);
  await page.getByLabel("Note").fill(note);
  await steps.getByRole("button", { name: "Request approval" }).click();
  await steps.getByText("Approval pending").waitFor();
  const id = (await approval.innerText()).match(/Approval request (\d+)/)?.[1];
  assert.ok(id, "the pending request is named by its id");
  assert.equal(await install.isDisabled(), true, "no install while the request is pending");
  await axeScan(page, "deploy (approval pending)");
  await screenshot(page, "approval-requested");

  // In a second tab of her own, alice finds her request but cannot approve it, and is told why.
  const own = await page.context().newPage();
  const ownErrors = watchErrors(own);
  await own.goto(`${env.url}/approvals`);
  await pageHeading(own, "Approvals");
  const ownApprove = own.getByRole("button", { name: `Approve request ${id}` });
  assert.equal(await ownApprove.isDisabled(), true, "a user cannot approve their own request");
  assert.equal(await describedAs(ownApprove), "You asked for this: another user must approve it");
  await own.close();
  ownErrors.assertNone();

  const bob = await anotherUser(approver);
  try {
    await scenarioWithBob(page, bob, id, steps, install, approval, errors);
  } finally {
    await bob.close();
  }
});

/** The rest, with bob's browser open: he approves the install, then the uninstall. */
async function scenarioWithBob(page, bob, id, steps, install, approval, errors) {
  await bob.page.goto(`${env.url}/approvals`);
  await pageHeading(bob.page, "Approvals");
  await bob.page.getByRole("banner").getByText(approver, { exact: true }).waitFor();
  const row = bob.page
    .getByRole("table", { name: /^Pending approval requests/ })
    .getByRole("row")
    .filter({ has: bob.page.getByRole("cell", { name: id, exact: true }) });
  await row.getByText(note).waitFor();
  await row.getByRole("cell", { name: env.user, exact: true }).waitFor();
  await axeScan(bob.page, "approvals (pending)");
  await screenshot(bob.page, "approvals-pending");
  await row.getByRole("button", { name: `Approve request ${id}` }).click();
  const review = bob.page.getByRole("region", { name: `Review request ${id}` });
  // The same diff alice saw: the release does not exist, everything is an addition.
  await review.getByText("The release does not exist yet").waitFor();
  await review.getByRole("region", { name: "Diff output" }).waitFor();
  await axeScan(bob.page, "approvals (reviewing the diff)");
  await screenshot(bob.page, "approval-review");
  await review.getByLabel("Decision note").fill("looks right");
  await review.getByRole("button", { name: "Approve", exact: true }).click();
  await bob.page.getByRole("status").filter({ hasText: `Request ${id} approved` }).waitFor();
  await bob.page
    .getByRole("table", { name: /^Recent approval requests/ })
    .getByRole("row")
    .filter({ has: bob.page.getByRole("cell", { name: id, exact: true }) })
    .getByText("approved", { exact: true })
    .waitFor();
  await screenshot(bob.page, "approval-approved");


  // Alice's page was left open: it polls the pending request and opens Install by itself.
  await steps.getByText("Approved", { exact: true }).waitFor();
  await approval.getByText(`Approved by ${approver}`).waitFor();
  assert.equal(await install.isDisabled(), false, "the approved install can run");
  await install.click();
  await page.getByRole("status").filter({ hasText: `${release} submitted at revision 1` }).waitFor({ timeout: 60_000 });
  await screenshot(page, "approval-installed");

  await page.getByRole("link", { name: `Open ${env.namespace}/${release}` }).click();
  await pageHeading(page, release);
  await page.getByRole("list", { name: `Timeline of ${release}` }).getByText(`approved by ${approver}`).waitFor();
  await screenshot(page, "approval-in-the-timeline");

  // The uninstall needs an approval too: asked for on the release page, which shows it pending.
  const uninstallCard = card(page, "Uninstall");
  await uninstallCard.getByLabel(`Type ${release} to confirm`).fill(release);
  const uninstall = uninstallCard.getByRole("button", { name: "Uninstall", exact: true });
  assert.equal(await uninstall.isDisabled(), true, "no uninstall before an approval");
  await uninstallCard.getByLabel("Why (for the approver)").fill("the trial is over");
  await uninstallCard.getByRole("button", { name: "Request approval" }).click();
  const pendingHere = page.getByRole("region", { name: `Approvals of ${release}` });
  await pendingHere.getByText(`asks to uninstall ${env.namespace}/${release}`).waitFor();
  const uninstallId = (await pendingHere.innerText()).match(/Request (\d+): /)?.[1];
  assert.ok(uninstallId && uninstallId !== id, "the uninstall is a request of its own");
  await pendingHere.getByRole("link", { name: "Review on the Approvals page" }).waitFor();
  await axeScan(page, "release (uninstall approval pending)");
  await screenshot(page, "approval-pending-on-the-release");

  await bob.page.reload();
  await pageHeading(bob.page, "Approvals");
  await bob.page.getByRole("button", { name: `Approve request ${uninstallId}` }).click();
  const uninstallReview = bob.page.getByRole("region", { name: `Review request ${uninstallId}` });
  await uninstallReview.getByText("there is no diff to show").waitFor();
  await uninstallReview.getByRole("button", { name: "Approve", exact: true }).click();
  await bob.page.getByRole("status").filter({ hasText: `Request ${uninstallId} approved` }).waitFor();

  await uninstallCard.getByRole("status", { name: "Approval" }).getByText(`Approved by ${approver}`).waitFor();
  // The release page keeps asking whether a plan is left, and after the uninstall none is: 404.
  errors.expect(404, "/plan");
  await uninstall.click();
  await page.getByRole("status").filter({ hasText: `${env.namespace}/${release} was uninstalled.` }).waitFor({ timeout: 60_000 });

  // Both writes spent their approvals: neither is usable again, and the page says so.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Approvals" }).click();
  await pageHeading(page, "Approvals");
  const recent = page.getByRole("table", { name: /^Recent approval requests/ });
  for (const request of [id, uninstallId]) {
    await recent
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: request, exact: true }) })
      .getByText("spent", { exact: true })
      .waitFor();
  }
  await screenshot(page, "approvals-spent");
}
