import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The build lands where the jar takes its resources from (WebRoutes.WEB_ROOT), so `mvn package`
// ships the UI without a copy step. `npm run dev` proxies the API to a local `swiss serve`.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // Relative asset URLs: the server writes a <base href> into index.html, so the same build works
  // at the root and under a proxy's prefix (WebRoutes).
  base: "./",
  build: {
    outDir: "../target/classes/web",
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8080" },
  },
  // A fresh DOM and module graph for every test file was 80% of the web tests' time (a minute
  // under load): the files of a worker share them, and src/test/isolation.ts puts back after each
  // file what one could leave behind. Only the components' tests (.tsx) get a DOM.
  test: {
    isolate: false,
    setupFiles: ["src/test/isolation.ts"],
    projects: [
      { extends: true, test: { name: "logic", environment: "node", include: ["src/**/*.test.ts"] } },
      { extends: true, test: { name: "dom", environment: "jsdom", include: ["src/**/*.test.tsx"] } },
    ],
  },
});
