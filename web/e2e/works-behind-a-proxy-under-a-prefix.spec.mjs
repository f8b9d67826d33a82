// swiss behind a reverse proxy (nginx) under a path prefix, as a portal mounts it: the page, its
// scripts, the login, every API call and the live event stream go through the proxy under the
// prefix, and a change made behind the UI's back arrives on the open page through that stream.
import { assertNoReload, env, expect, figure, markDocument, pageHeading, rowOf, test } from "./fixtures.mjs";

const prefix = new URL(env.url).pathname.replace(/\/+$/, "");
const release = process.env.RELEASE;
const installed = process.env.SECOND_RELEASE;
const shot = process.env.SCREENSHOT;
const LIMIT_MS = 2000;

test(`works behind a proxy under ${prefix}`, async ({ page, act, login, saveScreenshot }) => {
  const outside = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path !== prefix && !path.startsWith(`${prefix}/`)) {
      outside.push(`${request.method()} ${path}`);
    }
  });
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === `${prefix}/api/events`);

  await login(page);
  await pageHeading(page, "Deployments");
  await expect(rowOf(page, release)).toBeVisible();
  const events = await stream;
  expect(events.status(), "the event stream's status through the proxy").toBe(200);
  expect(events.headers()["content-type"] ?? "", "the event stream's type through the proxy").toMatch(/^text\/event-stream/);
  await expect(page.getByRole("status", { name: "Updates: live" })).toBeVisible();
  await markDocument(page);

  const installedAt = Number(await act("install", installed));
  await expect(rowOf(page, installed)).toBeVisible();
  figure(`a release installed behind its back, through the proxy under ${prefix}`, Date.now() - installedAt, LIMIT_MS);
  await assertNoReload(page);

  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  await expect(page, `the release's page is under ${prefix}/`).toHaveURL((url) => url.pathname.startsWith(`${prefix}/deployments/`));
  // A client route loaded afresh (a bookmark, a reload) comes back from the server as the page.
  await page.reload();
  await pageHeading(page, release);
  // Every card's data arrives through the proxy too.
  await expect(page.locator("body")).not.toContainText("Loading", { useInnerText: true });

  expect([...new Set(outside)], `requests that left the prefix ${prefix}`).toEqual([]);
  await saveScreenshot(page, shot);
});
