// Deployments over a thousand releases: the first page of rows is on screen within a second of
// navigating there (the session already signed in, the bundle cached as a browser has it).
import { env, expect, figure, test, timed } from "./fixtures.mjs";

const releases = Number(process.env.RELEASES);

test(`renders the first page of ${releases} releases in under a second`, async ({ page, axeScan, login, saveScreenshot }) => {
  await login(page);
  const firstRow = page.locator("tbody tr").first();
  const ms = await timed(async () => {
    await page.goto(`${env.url}/`, { waitUntil: "commit" });
    await expect(firstRow).toBeVisible();
  });
  figure(`first page of Deployments over ${releases} releases`, ms, 1000);
  const total = page.getByRole("region", { name: "Releases", exact: true });
  await expect(total, "the summary counts every release").toContainText(new RegExp(`\\b${releases}\\b`), { useInnerText: true });
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeVisible();
  await saveScreenshot(page, "deployments-1000-releases");
  await axeScan(page, "deployments (1,000 releases)");
});
