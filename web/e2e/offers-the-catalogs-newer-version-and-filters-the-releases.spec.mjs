// The Deployments list at a glance: a release running 1.0.0 of a model whose catalog has 1.1.0
// counts behind the catalog and offers "1.1.0 available", which opens its upgrade; each row shows
// its ready pods, the GPUs it holds and when it was updated; "/" focuses the search, and search
// and the model filter narrow the rows.
import { expect, pageHeading, rowOf, test } from "./fixtures.mjs";

const behind = process.env.BEHIND;
const current = process.env.CURRENT;
const newer = process.env.NEWER;
const model = process.env.BEHIND_MODEL;
const gpus = process.env.GPUS;

/** The text of the cell under `column` in `row`. */
async function cellText(page, row, column) {
  const headers = await page.getByRole("table", { name: "Releases" }).getByRole("columnheader").allInnerTexts();
  return (await row.getByRole("cell").nth(headers.indexOf(column)).innerText()).trim();
}

test("offers the catalog's newer version and filters the releases", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  await pageHeading(page, "Deployments");
  const stale = rowOf(page, behind);
  const chip = stale.getByRole("link", { name: `${newer} available: upgrade ${behind}` });
  await expect(chip).toBeVisible();
  await expect(rowOf(page, current).getByRole("link", { name: /available/ }), "the release on the newest version offers nothing").toHaveCount(0);
  await expect(page.getByRole("region", { name: "Behind catalog" }).getByRole("paragraph").first()).toHaveText("1", { useInnerText: true });

  await expect(stale.getByRole("cell").filter({ hasText: /^\d+\/\d+$/ }).first()).toBeVisible();
  const readyText = await cellText(page, stale, "Ready");
  const [ready, total] = readyText.split("/").map(Number);
  expect(total >= 1 && ready <= total, `ready pods read ${readyText}`).toBe(true);
  await page.waitForFunction(
    ([name, want]) => {
      const row = [...globalThis.document.querySelectorAll("tr")].find((tr) => tr.querySelector("a")?.textContent === name);
      const headers = [...globalThis.document.querySelectorAll("th")].map((th) => th.textContent);
      return row?.querySelectorAll("td")[headers.indexOf("GPUs")]?.textContent === want;
    },
    [behind, gpus],
  );
  // What a screen reader reads: how long ago, then the UTC time.
  await expect(stale.locator("time")).toHaveText(/^(just now|\d+ [smhd] ago) \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)$/);
  expect((await stale.locator("time").getAttribute("title")) ?? "").toMatch(/UTC$/);
  await axeScan(page, "deployments with a newer version");
  await saveScreenshot(page, "deployments-newer-version");
  await page.emulateMedia({ colorScheme: "dark" });
  await axeScan(page, "deployments with a newer version (dark)");
  await saveScreenshot(page, "deployments-newer-version-dark");
  await page.emulateMedia({ colorScheme: "light" });

  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: /Search releases/ });
  expect(await search.evaluate((element) => element === globalThis.document.activeElement), "/ focuses the search").toBe(true);
  await page.keyboard.type(behind);
  await expect(rowOf(page, current)).not.toBeAttached();
  await expect(stale).toBeVisible();
  await search.fill("");
  await expect(rowOf(page, current)).toBeVisible();
  await page.getByLabel("Model").selectOption(model);
  await expect(rowOf(page, current)).not.toBeAttached();
  expect(page.url(), "the filter is kept in the address").toMatch(new RegExp(`model=${model}`));
  await saveScreenshot(page, "deployments-filtered");

  await chip.click();
  await pageHeading(page, `Upgrade ${behind}`);
});
