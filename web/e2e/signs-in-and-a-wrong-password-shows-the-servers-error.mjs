// A visitor is sent to the login page; a wrong password shows the server's own refusal, the right
// one signs in and lands on the page they asked for.
import assert from "node:assert/strict";
import { axeScan, env, scenario, screenshot } from "./lib.mjs";

await scenario("signs in, and a wrong password shows the server's error", async ({ page, errors }) => {
  await page.goto(`${env.url}/runs`);
  await page.waitForURL((url) => url.pathname === "/login");
  await page.getByRole("heading", { name: "Sign in to swiss" }).waitFor();
  await axeScan(page, "login");

  errors.expect(401, "/api/login");
  await page.getByLabel("User").fill(env.user);
  await page.getByLabel("Password", { exact: true }).fill(`${env.password} but wrong`);
  const [refusal] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/login")),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  assert.equal(refusal.status(), 401);
  const said = (await refusal.json()).error;
  await page.getByRole("alert").filter({ hasText: said }).waitFor();
  assert.equal(new URL(page.url()).pathname, "/login", "a refused login stays on the login page");
  await screenshot(page, "login-wrong-password");

  await page.getByLabel("Password", { exact: true }).fill(env.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/runs");
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  await page.getByRole("banner").getByText(env.user, { exact: true }).waitFor();
  await screenshot(page, "login-signed-in");
});
