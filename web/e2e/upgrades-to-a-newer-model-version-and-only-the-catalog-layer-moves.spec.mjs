// An upgrade to the model's newer catalog version: identity fields are locked, "What moves"
// shows the version and the entry moving and the variant staying, and after the apply only the
// catalog layer of the stored plan differs from revision 1's (the test compares them).
import { card, expect, pageHeading, rowOf, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const from = process.env.FROM_VERSION;
const to = process.env.TO_VERSION;

/** The value the "What moves" card gives `label`. */
async function moved(page, label) {
  const facts = card(page, "What moves");
  return (await facts.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").innerText()).trim();
}

test("upgrades to a newer model version and only the catalog layer moves", async ({ page, act, axeScan, login, saveScreenshot }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: `Upgrade ${release}`, exact: true }).click();
  await pageHeading(page, `Upgrade ${release}`);
  await expect(page.getByLabel("Service ID"), "an upgrade keeps the service id").toBeDisabled();
  await expect(page.getByLabel("Namespace"), "an upgrade keeps the namespace").toBeDisabled();

  await page.getByLabel("Model version").selectOption(to);
  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await expect(card(page, "What moves")).toBeVisible();
  expect(await moved(page, "Model version")).toBe(`${from} → ${to}`);
  expect(await moved(page, "Variant")).toBe("unchanged");
  expect(await moved(page, "Entry digest"), "a new version is a new catalog entry").not.toBe("unchanged");
  await saveScreenshot(page, "upgrade-what-moves");
  await axeScan(page, "upgrade");

  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  await expect(card(page, "Diff").getByText("Against live revision 1")).toBeVisible();
  await steps.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `${release} submitted at revision 2` })).toBeVisible({ timeout: 60_000 });
  expect(await act("layers-that-moved", `${release} 1 2`)).toBe("catalog");
  await saveScreenshot(page, "upgrade-applied");
});
