// The Catalog's search ("/" focuses it) and its engine and hardware filters: each narrows the
// cards to models that have what was asked for, and says how many are shown.
import { env, expect, pageHeading, test } from "./fixtures.mjs";

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

test("filters the catalog by search, engine and hardware", async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  await page.goto(`${env.url}/catalog`);
  await pageHeading(page, "Catalog");
  await expect(page.getByRole("article").first()).toBeVisible();
  const all = await cards(page);
  const [, total] = await counted(page);
  expect(total).toBe(all.length);

  const first = (await page.getByRole("article").first().getByRole("heading", { level: 2 }).innerText()).trim();
  await page.keyboard.press("/");
  await page.keyboard.type(first);
  await expect(page.getByRole("status").filter({ hasText: `1 of ${total} models` })).toBeVisible();
  expect((await cards(page)).length).toBe(1);
  await page.getByRole("searchbox", { name: /Search models/ }).fill("");

  await page.getByLabel("Engine").selectOption("sglang");
  await page.waitForURL(/engine=sglang/);
  const sglang = await filteredCards(page, total);
  expect(sglang.length > 0 && sglang.length < total, `sglang keeps ${sglang.length} of ${total}`).toBe(true);
  expect(sglang.every((text) => text.includes("sglang")), "every card shown has an sglang variant").toBe(true);
  await page.getByLabel("Engine").selectOption("");

  await page.getByLabel("Hardware").selectOption("Ascend");
  await page.waitForURL(/hardware=Ascend/);
  const ascend = await filteredCards(page, total);
  expect(ascend.length > 0 && ascend.length < total, `Ascend keeps ${ascend.length} of ${total}`).toBe(true);
  expect(ascend.every((text) => text.includes("Ascend")), "every card shown runs on Ascend").toBe(true);
  expect(await counted(page)).toEqual([ascend.length, total]);
  await axeScan(page, "catalog filtered");
  await saveScreenshot(page, "catalog-filtered");
});
