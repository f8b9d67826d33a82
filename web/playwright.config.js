// Playwright Test for the browser scenarios (e2e/*.spec.mjs). They need a real `swiss serve`
// on the test cluster, which Java owns: BrowserScenario (src/test/java/.../web) runs one spec per
// JUnit test with SWISS_URL and friends set, answers the spec's actions, and at the end of the
// Maven run merges each run's blob report into one HTML report, target/e2e/report.
import { defineConfig } from "@playwright/test";

// Debian's Chromium (hack/browser), never a browser Playwright downloads: the machines reach no
// download host, and PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 keeps npm from trying.
const CHROMIUM = "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  testMatch: "*.spec.mjs",
  // Java gives each run its own folders: Playwright empties its output folder when it starts, and
  // one spec may run twice in a Maven run (the proxy spec, under two prefixes).
  outputDir: process.env.E2E_OUTPUT ?? "../target/e2e/results",
  // One attempt may wait a minute for a pod; the retry gets as long again.
  timeout: 120_000,
  // Web-first assertions wait as long as the old runner's waits did.
  expect: { timeout: 15_000 },
  // A scenario failing once is run again, and a pass on the retry is reported as flaky (in the
  // list output and the report), never as a plain pass. The retry starts from whatever the failed
  // attempt left in the cluster.
  retries: 1,
  // Chromium is the heaviest process on a two-core machine shared with other builds.
  workers: 1,
  forbidOnly: true,
  reporter: [["list"], ["blob", { outputFile: process.env.E2E_BLOB ?? "../target/e2e/blobs/run.zip" }]],
  use: {
    browserName: "chromium",
    baseURL: process.env.SWISS_URL,
    viewport: { width: 1280, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      // Without these Chromium keeps calling home, which this closed network answers with
      // timeouts.
      args: ["--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update"],
    },
  },
});
