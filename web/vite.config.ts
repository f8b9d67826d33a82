import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The build lands where the jar takes its resources from (WebRoutes.WEB_ROOT), so `mvn package`
// ships the UI without a copy step. `npm run dev` proxies the API to a local `swiss serve`.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../target/classes/web",
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8080" },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
