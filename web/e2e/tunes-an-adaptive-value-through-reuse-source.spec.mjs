// Tuning a live service: the adaptive-concurrency switch is offered, set, planned from the
// deployed plan (reuseSource: no catalog read), diffed and applied as a new revision, and the
// stored plan's form layer carries it (the test reads it).
import { card, expect, pageHeading, rowOf, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const path = "modelRoute.nginx.values.adaptive_cc";

test("tunes an adaptive value through reuseSource", async ({ page, act, axeScan, login, saveScreenshot }) => {
  await login(page);
  await rowOf(page, release).getByRole("link", { name: `Tune ${release}` }).click();
  await pageHeading(page, `Tune ${release}`);
  await expect(page.getByLabel("Path 1"), "the adaptive switch is offered first").toHaveValue(path);
  await page.getByLabel("Value 1").fill("true");

  const steps = page.getByRole("list", { name: "Deploy steps" });
  await steps.getByRole("button", { name: "Plan", exact: true }).click();
  await expect(card(page, "Plan")).toBeVisible();
  await steps.getByRole("button", { name: "Diff", exact: true }).click();
  // The example charts do not render route values into a manifest, so the diff may read "no
  // changes"; what must hold is that it ran against the live revision the apply then asserts.
  await expect(card(page, "Diff").getByText("Against live revision 1")).toBeVisible();
  await saveScreenshot(page, "tune-diffed");
  await axeScan(page, "tune");
  await steps.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `${release} submitted at revision 2` })).toBeVisible({ timeout: 60_000 });
  expect(await act("stored-form-value", `${release} 2 ${path}`)).toBe("true");
  await saveScreenshot(page, "tune-applied");
});
