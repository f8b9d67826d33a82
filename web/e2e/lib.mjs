// The browser half of the end-to-end tests. Each scenario is one script that drives Debian's
// Chromium through playwright-core against a real `swiss serve`; the Java test
// (WebUiInABrowserTest) owns the cluster and the server, starts the script with SWISS_URL and
// friends, and answers its `@@ACT` requests (changes made behind the UI's back). A scenario fails
// (exit 1) on its first broken expectation, on any console or page error, and on any serious or
// critical accessibility violation.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";
// Without the background-networking flags Chromium keeps calling home, which this closed
// network answers with timeouts.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/** The run's settings, from the environment the Java test sets. */
export const env = {
  url: required("SWISS_URL"),
  user: process.env.SWISS_USER ?? "admin",
  password: process.env.SWISS_PASSWORD ?? "",
  namespace: process.env.SWISS_NAMESPACE ?? "",
  /** The server's trusted-proxy key: how a scenario signs in a second user (see `anotherUser`). */
  proxyKey: process.env.SWISS_PROXY_KEY ?? "",
  screenshots: process.env.E2E_SCREENSHOTS ?? "target/e2e",
};

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is not set: the scenarios run from WebUiInABrowserTest (mvn test), which starts the server`);
    process.exit(2);
  }
  return value;
}

/**
 * Runs one scenario: a fresh browser profile, one page, the errors it logs collected. `body`
 * receives {page, errors} where `errors.expect(status, path)` declares one failed request the
 * scenario causes on purpose (a wrong password's 401), so its console line is not an error.
 */
export async function scenario(name, body) {
  const profile = mkdtempSync(join(tmpdir(), "swiss-e2e-"));
  const started = Date.now();
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    await body({ page, errors });
    errors.assertNone();
    console.log(`PASS ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    console.error(`FAIL ${name}: ${error?.stack ?? error}`);
    process.exitCode = 1;
  } finally {
    await context?.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
    stdinLines?.close();
  }
}

/**
 * A second browser for `user`, at another desk: it reaches the server as an SSO proxy in front of
 * swiss would (the proxy's key as bearer, the user in X-Remote-User), since the server's own login
 * knows one user. Its console errors fail the scenario as the first browser's do; `close()` checks
 * them and closes it.
 */
export async function anotherUser(user) {
  if (!env.proxyKey) {
    throw new Error("SWISS_PROXY_KEY is not set: the test must pass the server's proxy key for a second user");
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { Authorization: `Bearer ${env.proxyKey}`, "X-Remote-User": user },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    return {
      page,
      errors,
      async close() {
        try {
          errors.assertNone();
        } finally {
          await browser.close().catch(() => {});
        }
      },
    };
  } catch (error) {
    await browser.close().catch(() => {});
    throw error;
  }
}

/** The text of the elements that `locator`'s aria-describedby names: what a screen reader adds to its name. */
export function describedAs(locator) {
  return locator.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter((id) => id !== "")
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
}

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
      if (seen.length > 0) {
        throw new Error(`the page logged errors:\n  ${seen.join("\n  ")}`);
      }
    },
  };
}

/** Signs in through the login page and waits to leave it. */
export async function login(page, password = env.password) {
  await page.goto(`${env.url}/login`);
  await page.getByLabel("User").fill(env.user);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (password === env.password) {
    // Under a proxy's prefix the login page is <prefix>/login.
    await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  }
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Runs axe-core on the page as it is and fails on any serious or critical violation. */
export async function axeScan(page, what) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await globalThis.axe.run(globalThis.document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact));
  console.log(`axe ${what}: ${violations.length} violations, ${blocking.length} serious or critical`);
  if (blocking.length > 0) {
    const lines = blocking.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(", ")}`);
    throw new Error(`accessibility of ${what}:\n  ${lines.join("\n  ")}`);
  }
}

/** Saves the page as `<E2E_SCREENSHOTS>/<name>.png`. */
export async function screenshot(page, name) {
  mkdirSync(env.screenshots, { recursive: true });
  const path = join(env.screenshots, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot ${path}`);
}

let stdinLines;
let pendingReplies = [];

/**
 * Asks the Java test to do something behind the UI's back (`@@ACT <name> <arg>` on stdout) and
 * resolves with what follows `@@DONE` on the line it writes back. The test fails the scenario by
 * answering `@@FAILED <reason>`.
 */
export function act(name, arg = "") {
  if (!stdinLines) {
    stdinLines = createInterface({ input: process.stdin });
    stdinLines.on("line", (line) => pendingReplies.shift()?.(line));
  }
  return new Promise((resolve, reject) => {
    pendingReplies.push((line) => {
      if (line.startsWith("@@DONE")) {
        resolve(line.slice("@@DONE".length).trim());
      } else {
        reject(new Error(`${name}: ${line}`));
      }
    });
    console.log(`@@ACT ${name} ${arg}`.trim());
  });
}

/** Milliseconds until `condition` resolves: for figures the scenario prints and asserts. */
export async function timed(condition) {
  const started = performance.now();
  await condition();
  return Math.round(performance.now() - started);
}

/** Prints a measured figure in one greppable form: `FIGURE <what>: <ms> ms (limit <limit> ms)`. */
export function figure(what, ms, limit) {
  console.log(`FIGURE ${what}: ${ms} ms (limit ${limit} ms)`);
  if (ms >= limit) {
    throw new Error(`${what} took ${ms} ms, over the ${limit} ms limit`);
  }
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
  await heading.waitFor();
  const text = await heading.innerText();
  if (text.includes("not built yet")) {
    throw new Error(`${page.url()} is a placeholder: ${text}`);
  }
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
  if (!marked) {
    throw new Error("the page was reloaded: the change should have appeared on the open page");
  }
}

/** The card whose heading is `title`: the nearest section around that heading. */
export function card(page, title) {
  return page.getByRole("heading", { level: 2, name: title, exact: true }).locator("xpath=ancestor::section[1]");
}
