// Two LLMServices the test seeded: one a Canary experiment owns (a real LLMCanary is its
// controlling owner), one lent to an experiment by annotation. The list and each detail page name
// the parent, and the owned one reads verified.
import { expect, pageHeading, rowOf, test } from "./fixtures.mjs";

const owned = { service: process.env.OWNED_SERVICE, canary: process.env.OWNED_BY, arm: process.env.OWNED_ARM };
const lent = { service: process.env.LENT_SERVICE, namespace: process.env.LENT_TO_NAMESPACE, canary: process.env.LENT_TO, arm: process.env.LENT_ARM };

test("sees an owned and a referenced LLMService with their parents", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  await pageHeading(page, "Deployments");
  const ownedRow = rowOf(page, owned.service);
  const lentRow = rowOf(page, lent.service);
  await expect(ownedRow.getByText(`owned by ${owned.canary} (${owned.arm})`)).toBeVisible();
  await expect(ownedRow.getByText("verified", { exact: true })).toBeVisible();
  await expect(ownedRow.getByText("LLMService", { exact: true })).toBeVisible();
  await expect(lentRow.getByText(`referenced by ${lent.namespace}/${lent.canary} (${lent.arm})`)).toBeVisible();
  await expect(lentRow.getByText("LLMService", { exact: true })).toBeVisible();
  await saveScreenshot(page, "canary-deployments");

  await ownedRow.getByRole("link", { name: owned.service, exact: true }).click();
  await pageHeading(page, owned.service);
  const owner = page.getByRole("region", { name: "Owned by (managedBy)" });
  await expect(owner.getByText("LLMCanary", { exact: false })).toBeVisible();
  await expect(owner.getByText(owned.canary, { exact: true })).toBeVisible();
  await expect(owner, "a real owner with the service's labels is verified").toContainText(/Verified\s*yes/, { useInnerText: true });
  await saveScreenshot(page, "canary-owned-detail");
  await axeScan(page, "deployment detail (owned LLMService)");

  await page.getByRole("link", { name: "Deployments" }).click();
  await rowOf(page, lent.service).getByRole("link", { name: lent.service, exact: true }).click();
  await pageHeading(page, lent.service);
  const assignment = page.getByRole("region", { name: "Assigned to (assignedTo)" });
  await expect(assignment.getByText(lent.namespace, { exact: true })).toBeVisible();
  await expect(assignment.getByText(lent.canary, { exact: true })).toBeVisible();
  await expect(assignment.getByText(lent.arm, { exact: true })).toBeVisible();
  await saveScreenshot(page, "canary-referenced-detail");
});
