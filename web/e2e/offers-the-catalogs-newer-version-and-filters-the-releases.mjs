// The Deployments list at a glance: a release running 1.0.0 of a model whose catalog has 1.1.0
// counts behind the catalog and offers "1.1.0 available", which opens its upgrade; each row shows
// its ready pods, the GPUs it holds and when it was updated; "/" focuses the search, and search
// and the model filter narrow the rows.
import assert from "node:assert/strict";
import { axeScan, login, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

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

await scenario("offers the catalog's newer version and filters the releases", async ({ page }) => {
  await login(page);
  await pageHeading(page, "Deployments");
  const stale = rowOf(page, behind);
  const chip = stale.getByRole("link", { name: `${newer} available: upgrade ${behind}` });
  await chip.waitFor();
  assert.equal(await rowOf(page, current).getByRole("link", { name: /available/ }).count(), 0, "the release on the newest version offers nothing");
  assert.equal((await page.getByRole("region", { name: "Behind catalog" }).getByRole("paragraph").first().innerText()).trim(), "1");

  await stale.getByRole("cell").filter({ hasText: /^\d+\/\d+$/ }).first().waitFor();
  const readyText = await cellText(page, stale, "Ready");
  const [ready, total] = readyText.split("/").map(Number);
  assert.ok(total >= 1 && ready <= total, `ready pods read ${readyText}`);
  await page.waitForFunction(
    ([name, want]) => {
      const row = [...globalThis.document.querySelectorAll("tr")].find((tr) => tr.querySelector("a")?.textContent === name);
      const headers = [...globalThis.document.querySelectorAll("th")].map((th) => th.textContent);
      return row?.querySelectorAll("td")[headers.indexOf("GPUs")]?.textContent === want;
    },
    [behind, gpus],
  );
  // What a screen reader reads: how long ago, then the UTC time.
  assert.match(await stale.locator("time").textContent(), /^(just now|\d+ [smhd] ago) \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)$/);
  assert.match((await stale.locator("time").getAttribute("title")) ?? "", /UTC$/);
  await axeScan(page, "deployments with a newer version");
  await screenshot(page, "deployments-newer-version");
  await page.emulateMedia({ colorScheme: "dark" });
  await axeScan(page, "deployments with a newer version (dark)");
  await screenshot(page, "deployments-newer-version-dark");
  await page.emulateMedia({ colorScheme: "light" });

  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: /Search releases/ });
  assert.equal(await search.evaluate((element) => element === globalThis.document.activeElement), true, "/ focuses the search");
  await page.keyboard.type(behind);
  await rowOf(page, current).waitFor({ state: "detached" });
  await stale.waitFor();
  await search.fill("");
  await rowOf(page, current).waitFor();
  await page.getByLabel("Model").selectOption(model);
  await rowOf(page, current).waitFor({ state: "detached" });
  assert.match(page.url(), new RegExp(`model=${model}`), "the filter is kept in the address");
  await screenshot(page, "deployments-filtered");

  await chip.click();
  await pageHeading(page, `Upgrade ${behind}`);
});
