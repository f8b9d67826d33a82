// A phone's width (390 px): every main page fits it. The page itself never scrolls sideways; a
// wide table scrolls inside its own box, and its cells keep one line each instead of wrapping word
// by word.
import { env, expect, pageHeading, test } from "./fixtures.mjs";

const release = process.env.RELEASE;
const model = process.env.MODEL;
const ns = encodeURIComponent(env.namespace);

const PAGES = [
  ["deployments", "/", "Deployments", (page) => page.getByRole("link", { name: release, exact: true })],
  ["detail", `/deployments/${ns}/${release}`, release, (page) => page.getByRole("table", { name: "Pods" })],
  ["catalog", "/catalog", "Catalog", (page) => page.getByRole("article").first()],
  ["model", `/catalog/${model}`, /./, (page) => page.getByRole("heading", { name: "Variants" })],
  ["runs", "/runs", "Operations", (page) => page.getByRole("table").first()],
  ["nodes", "/nodes", "Nodes", (page) => page.getByRole("table", { name: "Nodes" })],
  ["site-profile", "/site-profile", "Site profile", (page) => page.getByText("Placement").first()],
];

// The page's width against the screen's, and when it is wider, the outermost elements that stick
// out, so a failure names its culprit.
const overflow = (page) =>
  page.evaluate(() => {
    const { scrollWidth, clientWidth } = globalThis.document.documentElement;
    const sticking = [...globalThis.document.body.querySelectorAll("*")].filter(
      (element) =>
        element.getBoundingClientRect().right > clientWidth &&
        element.parentElement.getBoundingClientRect().right <= clientWidth &&
        globalThis.getComputedStyle(element.parentElement).overflowX === "visible",
    );
    const culprits = sticking.slice(0, 5).map((element) => `<${element.tagName.toLowerCase()} class="${element.className}"> ${Math.round(element.getBoundingClientRect().right)} px`);
    return { scrollWidth, clientWidth, culprits };
  });

test("fits a 390 px screen without sideways scrolling", async ({ page, login, saveScreenshot }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  for (const [name, path, heading, loaded] of PAGES) {
    await page.goto(`${env.url}${path}`);
    await pageHeading(page, heading);
    await expect(loaded(page)).toBeVisible();
    const { scrollWidth, clientWidth, culprits } = await overflow(page);
    expect(scrollWidth <= clientWidth, `${name} is ${scrollWidth} px wide on a ${clientWidth} px screen: ${culprits.join("; ")}`).toBe(true);
    await saveScreenshot(page, `narrow-${name}`);
  }

  // The releases table is wider than the screen: it scrolls in its own box, one line per cell.
  await page.goto(`${env.url}/`);
  const link = page.getByRole("link", { name: release, exact: true });
  await expect(link).toBeVisible();
  const box = page.getByRole("table", { name: "Releases" }).locator("xpath=..");
  const scroller = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, overflowX: globalThis.getComputedStyle(element).overflowX }));
  expect(scroller.overflowX, "the table's box scrolls sideways").toBe("auto");
  expect(scroller.scrollWidth > scroller.clientWidth, "the table is wider than its box, and does not squeeze its cells").toBe(true);
  const namespaceCell = page.getByRole("row").filter({ has: link }).getByRole("cell").filter({ hasText: env.namespace });
  // Line boxes of the cell's text: one unless it wraps (the cell itself is as tall as its row).
  const lines = await namespaceCell.evaluate((cell) => {
    const range = globalThis.document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines, `the namespace cell's text takes ${lines} lines: it wraps`).toBe(1);

  // A node's GPU bar stays one row of cells, not a column down a squeezed table.
  await page.goto(`${env.url}/nodes`);
  const bar = page.getByRole("img", { name: /GPUs held/ }).first();
  await expect(bar).toBeVisible();
  const { width, height } = await bar.boundingBox();
  expect(width > height, `the GPU bar is ${width}×${height} px: it stacks`).toBe(true);
});
