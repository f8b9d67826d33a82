// What every browser scenario shares, as Playwright Test fixtures and small helpers. A scenario
// fails on its first broken expectation, on any console or page error it did not declare, and on
// any serious or critical accessibility violation. The Java test (BrowserScenario) owns the
// cluster and the server: it sets SWISS_URL and friends, and answers `act` requests (changes made
// behind the UI's back) on the address in SWISS_E2E_ACTIONS.
// Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring
// pattern, `{}` for a fixture that needs none.
/* eslint-disable no-empty-pattern */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect } from "@playwright/test";

export { expect };

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/** The run's settings, from the environment the Java test sets. */
export const env = {
  url: required("SWISS_URL").replace(/\/+$/, ""),
  user: process.env.SWISS_USER ?? "admin",
  password: process.env.SWISS_PASSWORD ?? "",
  namespace: process.env.SWISS_NAMESPACE ?? "",
  /** The server's trusted-proxy key: how a scenario signs in a second user (see `anotherUser`). */
  proxyKey: process.env.SWISS_PROXY_KEY ?? "",
  actions: process.env.SWISS_E2E_ACTIONS ?? "",
  screenshots: process.env.E2E_SCREENSHOTS ?? "../target/e2e",
};

function required(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: the scenarios run from the @BrowserTest classes (mvn test), which start the server`);
  }
  return value;
}

export const test = base.extend({
  /**
   * The page's console errors and uncaught errors, checked when the scenario ends.
   * `errors.expect(status, path)` declares one failed request the scenario causes on purpose (a
   * wrong password's 401), so its console line is not an error.
   */
  errors: [
    async ({ page }, use) => {
      const errors = watchErrors(page);
      await use(errors);
      errors.assertNone();
    },
    { auto: true },
  ],

  /** Signs `page` in through the login page and, with the right password, waits to leave it. */
  login: async ({}, use) => {
    await use(async (page, password = env.password) => {
      await page.goto(`${env.url}/login`);
      await page.getByLabel("User").fill(env.user);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      if (password === env.password) {
        // Under a proxy's prefix the login page is <prefix>/login.
        await expect(page).toHaveURL((url) => !url.pathname.endsWith("/login"));
      }
    });
  },

  /** Saves the whole page as `<E2E_SCREENSHOTS>/<name>.png` and attaches it to the report. */
  saveScreenshot: async ({}, use, testInfo) => {
    await use(async (page, name) => {
      mkdirSync(env.screenshots, { recursive: true });
      const path = join(env.screenshots, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(name, { path, contentType: "image/png" });
    });
  },

  /** Runs axe-core on the page as it is and fails on any serious or critical violation. */
  axeScan: async ({}, use, testInfo) => {
    await use(async (page, what) => {
      // Legacy mode runs axe inside the page alone: the default opens a blank page to finish the
      // run, and the focus moving away and back makes the UI refetch, which can change what the
      // scenario looks at next (an uninstalled release's confirmation gave way to its 404 page).
      const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
      const { violations } = await axe.analyze();
      const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact));
      console.log(`axe ${what}: ${violations.length} violations, ${blocking.length} serious or critical`);
      if (violations.length > 0) {
        await testInfo.attach(`axe ${what}`, { body: JSON.stringify(violations, null, 2), contentType: "application/json" });
      }
      const lines = blocking.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(lines, `serious or critical accessibility violations on ${what}`).toEqual([]);
    });
  },

  /**
   * Asks the Java test to do something behind the UI's back and resolves with its answer. The
   * test refuses (and fails the scenario) with an error status and its reason.
   */
  act: async ({}, use) => {
    await use(async (name, arg = "") => {
      if (!env.actions) {
        throw new Error(`SWISS_E2E_ACTIONS is not set: the test must offer the action ${name}`);
      }
      const answer = await fetch(new URL(encodeURIComponent(name), env.actions), { method: "POST", body: arg });
      const text = await answer.text();
      console.log(`act ${name} ${arg}: ${answer.status} ${text}`);
      if (!answer.ok) {
        throw new Error(`${name} ${arg}: ${text}`);
      }
      return text;
    });
  },

  /**
   * Opens a second browser context for `user`, at another desk: it reaches the server as an SSO
   * proxy in front of swiss would (the proxy's key as bearer, the user in X-Remote-User), since the
   * server's own login knows one user. Its console errors fail the scenario as the first page's do.
   */
  anotherUser: async ({ browser }, use) => {
    const opened = [];
    await use(async (user) => {
      if (!env.proxyKey) {
        throw new Error("SWISS_PROXY_KEY is not set: the test must pass the server's proxy key for a second user");
      }
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        extraHTTPHeaders: { Authorization: `Bearer ${env.proxyKey}`, "X-Remote-User": user },
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      opened.push({ context, errors });
      return { page, errors };
    });
    for (const { context } of opened) {
      await context.close();
    }
    for (const { errors } of opened) {
      errors.assertNone();
    }
  },
});

/** Collects console errors and uncaught page errors, minus the failed requests a scenario expects. */
export function watchErrors(page) {
  const seen = [];
  const expected = [];
  page.on("pageerror", (error) => seen.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") {
      return;
    }
    const url = message.location().url ?? "";
    const allowed = expected.find((e) => message.text().includes(`status of ${e.status}`) && url.includes(e.path));
    if (!allowed) {
      seen.push(`console error: ${message.text()} (${url || page.url()})`);
    }
  });
  return {
    expect: (status, path) => expected.push({ status, path }),
    assertNone() {
      expect(seen, "errors the page logged").toEqual([]);
    },
  };
}

/** Milliseconds until `condition` resolves: for figures the scenario prints and asserts. */
export async function timed(condition) {
  const started = performance.now();
  await condition();
  return Math.round(performance.now() - started);
}

/**
 * Prints a measured figure in one greppable form, `FIGURE <what>: <ms> ms (limit <limit> ms)`,
 * keeps it on the report's test as an annotation, and fails the scenario when it is over.
 */
export function figure(what, ms, limit) {
  const line = `${what}: ${ms} ms (limit ${limit} ms)`;
  console.log(`FIGURE ${line}`);
  test.info().annotations.push({ type: "figure", description: line });
  expect(ms, `${what} took ${ms} ms, over the ${limit} ms limit`).toBeLessThan(limit);
}

/** The Deployments table's row of `release` (its name is the row's link). */
export function rowOf(page, release) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name: release, exact: true }) });
}

/**
 * Waits for a page's heading and fails on a placeholder: a scenario must not pass against a page
 * that is not built.
 */
export async function pageHeading(page, name) {
  const heading = page.getByRole("heading", { level: 1, name });
  await expect(heading).toBeVisible();
  await expect(heading, `${page.url()} is a placeholder`).not.toContainText("not built yet");
  return heading;
}

/**
 * Marks the document, so `assertNoReload` can tell a page that changed by itself from one the
 * browser loaded again.
 */
export async function markDocument(page) {
  await page.evaluate(() => {
    globalThis.__swissE2eMark = true;
  });
}

export async function assertNoReload(page) {
  const marked = await page.evaluate(() => globalThis.__swissE2eMark === true);
  expect(marked, "the page was reloaded: the change should have appeared on the open page").toBe(true);
}

/** The card whose heading is `title`: the nearest section around that heading. */
export function card(page, title) {
  return page.getByRole("heading", { level: 2, name: title, exact: true }).locator("xpath=ancestor::section[1]");
}
