// swiss behind a reverse proxy (nginx) under a path prefix, as a portal mounts it: the page, its
// scripts, the login, every API call and the live event stream go through the proxy under the
// prefix, and a change made behind the UI's back arrives on the open page through that stream.
import { act, assertNoReload, env, figure, login, markDocument, pageHeading, rowOf, scenario, screenshot } from "./lib.mjs";

const prefix = new URL(env.url).pathname.replace(/\/+$/, "");
const release = process.env.RELEASE;
const installed = process.env.SECOND_RELEASE;
const shot = process.env.SCREENSHOT;
const LIMIT_MS = 2000;

await scenario(`works behind a proxy under ${prefix}`, async ({ page }) => {
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
  await rowOf(page, release).waitFor();
  const events = await stream;
  if (events.status() !== 200 || !(events.headers()["content-type"] ?? "").startsWith("text/event-stream")) {
    throw new Error(`the event stream through the proxy answered ${events.status()} ${events.headers()["content-type"]}`);
  }
  await page.getByRole("status", { name: "Updates: live" }).waitFor();
  await markDocument(page);

  const installedAt = Number(await act("install", installed));
  await rowOf(page, installed).waitFor();
  figure(`a release installed behind its back, through the proxy under ${prefix}`, Date.now() - installedAt, LIMIT_MS);
  await assertNoReload(page);

  await rowOf(page, release).getByRole("link", { name: release, exact: true }).click();
  await pageHeading(page, release);
  const detail = new URL(page.url()).pathname;
  if (!detail.startsWith(`${prefix}/deployments/`)) {
    throw new Error(`the release's page is at ${detail}, outside ${prefix}/`);
  }
  // A client route loaded afresh (a bookmark, a reload) comes back from the server as the page.
  await page.reload();
  await pageHeading(page, release);
  // Every card's data arrives through the proxy too.
  await page.waitForFunction(() => !globalThis.document.body.innerText.includes("Loading"));

  if (outside.length > 0) {
    throw new Error(`requests left the prefix ${prefix}: ${[...new Set(outside)].join(", ")}`);
  }
  await screenshot(page, shot);
});
