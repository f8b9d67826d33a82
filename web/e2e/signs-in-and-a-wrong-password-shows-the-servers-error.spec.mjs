// A visitor is sent to the login page; a wrong password shows the server's own refusal, the right
// one signs in and lands on the page they asked for.
import { env, expect, test } from "./fixtures.mjs";

test("signs in, and a wrong password shows the server's error", async ({ page, errors, axeScan, saveScreenshot }) => {
  await page.goto(`${env.url}/runs`);
  await page.waitForURL((url) => url.pathname === "/login");
  await expect(page.getByRole("heading", { name: "Sign in to swiss" })).toBeVisible();
  await axeScan(page, "login");

  errors.expect(401, "/api/login");
  await page.getByLabel("User").fill(env.user);
  await page.getByLabel("Password", { exact: true }).fill(`${env.password} but wrong`);
  const [refusal] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/login")),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  expect(refusal.status()).toBe(401);
  const said = (await refusal.json()).error;
  await expect(page.getByRole("alert").filter({ hasText: said })).toBeVisible();
  expect(new URL(page.url()).pathname, "a refused login stays on the login page").toBe("/login");
  await saveScreenshot(page, "login-wrong-password");

  await page.getByLabel("Password", { exact: true }).fill(env.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/runs");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("banner").getByText(env.user, { exact: true })).toBeVisible();
  await saveScreenshot(page, "login-signed-in");
});
