// Two LLMServices the test seeded: one a Canary experiment owns (a real LLMCanary is its
// controlling owner), one lent to an experiment by annotation. The list and each detail page name
// the parent, and the owned one reads verified.
import assert from "node:assert/strict";
import { axeScan, login, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const owned = { service: process.env.OWNED_SERVICE, canary: process.env.OWNED_BY, arm: process.env.OWNED_ARM };
const lent = { service: process.env.LENT_SERVICE, namespace: process.env.LENT_TO_NAMESPACE, canary: process.env.LENT_TO, arm: process.env.LENT_ARM };

await scenario("sees an owned and a referenced LLMService with their parents", async ({ page }) => {
  await login(page);
  await pageHeading(page, "Deployments");
  const ownedRow = rowOf(page, owned.service);
  const lentRow = rowOf(page, lent.service);
  await ownedRow.getByText(`owned by ${owned.canary} (${owned.arm})`).waitFor();
  await ownedRow.getByText("verified", { exact: true }).waitFor();
  await ownedRow.getByText("LLMService", { exact: true }).waitFor();
  await lentRow.getByText(`referenced by ${lent.namespace}/${lent.canary} (${lent.arm})`).waitFor();
  await lentRow.getByText("LLMService", { exact: true }).waitFor();
  await screenshot(page, "canary-deployments");

  await ownedRow.getByRole("link", { name: owned.service, exact: true }).click();
  await pageHeading(page, owned.service);
  const owner = page.getByRole("region", { name: "Owned by (managedBy)" });
  await owner.getByText("LLMCanary", { exact: false }).waitFor();
  await owner.getByText(owned.canary, { exact: true }).waitFor();
  assert.match(await owner.innerText(), /Verified\s*yes/, "a real owner with the service's labels is verified");
  await screenshot(page, "canary-owned-detail");
  await axeScan(page, "deployment detail (owned LLMService)");

  await page.getByRole("link", { name: "Deployments" }).click();
  await rowOf(page, lent.service).getByRole("link", { name: lent.service, exact: true }).click();
  await pageHeading(page, lent.service);
  const assignment = page.getByRole("region", { name: "Assigned to (assignedTo)" });
  await assignment.getByText(lent.namespace, { exact: true }).waitFor();
  await assignment.getByText(lent.canary, { exact: true }).waitFor();
  await assignment.getByText(lent.arm, { exact: true }).waitFor();
  await screenshot(page, "canary-referenced-detail");
});
