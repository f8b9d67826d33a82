// The Catalog's search ("/" focuses it) and its engine and hardware filters: each narrows the
// cards to models that have what was asked for, and says how many are shown.
import assert from "node:assert/strict";
import { axeScan, env, login, pageHeading, scenario, screenshot } from "./lib.mjs";

/** The visible text of each model card. */
const cards = (page) => page.getByRole("article").allInnerTexts();

/** "3 of 5 models" as [3, 5]. */
async function counted(page) {
  const text = await page.getByRole("status").filter({ hasText: /of \d+ models/ }).innerText();
  return text.match(/(\d+) of (\d+)/).slice(1).map(Number);
}

/**
 * The cards once the page has drawn the filter the address names: the address changes first and
 * the list a render later, so reading at once can catch the list in between.
 */
async function filteredCards(page, total) {
  for (let tries = 0; tries < 50; tries++) {
    const shown = await cards(page);
    const [count] = await counted(page);
    if (shown.length === count && count < total) return shown;
    await page.waitForTimeout(100);
  }
  return cards(page);
}

await scenario("filters the catalog by search, engine and hardware", async ({ page }) => {
  await login(page);
  await page.goto(`${env.url}/catalog`);
  await pageHeading(page, "Catalog");
  await page.getByRole("article").first().waitFor();
  const all = await cards(page);
  const [, total] = await counted(page);
  assert.equal(total, all.length);

  const first = (await page.getByRole("article").first().getByRole("heading", { level: 2 }).innerText()).trim();
  await page.keyboard.press("/");
  await page.keyboard.type(first);
  await page.getByRole("status").filter({ hasText: `1 of ${total} models` }).waitFor();
  assert.equal((await cards(page)).length, 1);
  await page.getByRole("searchbox", { name: /Search models/ }).fill("");

  await page.getByLabel("Engine").selectOption("sglang");
  await page.waitForURL(/engine=sglang/);
  const sglang = await filteredCards(page, total);
  assert.ok(sglang.length > 0 && sglang.length < total, `sglang keeps ${sglang.length} of ${total}`);
  assert.ok(sglang.every((text) => text.includes("sglang")), "every card shown has an sglang variant");
  await page.getByLabel("Engine").selectOption("");

  await page.getByLabel("Hardware").selectOption("Ascend");
  await page.waitForURL(/hardware=Ascend/);
  const ascend = await filteredCards(page, total);
  assert.ok(ascend.length > 0 && ascend.length < total, `Ascend keeps ${ascend.length} of ${total}`);
  assert.ok(ascend.every((text) => text.includes("Ascend")), "every card shown runs on Ascend");
  assert.deepEqual(await counted(page), [ascend.length, total]);
  await axeScan(page, "catalog filtered");
  await screenshot(page, "catalog-filtered");
});
