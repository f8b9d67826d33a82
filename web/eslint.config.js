// ESLint for the web UI: run by `hack/web test` with --max-warnings 0, so a finding fails the
// build. typescript-eslint for the TypeScript, react-hooks for the rules of hooks and the React
// Compiler's checks, jsx-a11y for what a screen reader or a keyboard user meets.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // schema.d.ts is generated from docs/openapi.yaml (npm run gen:api); fix the document instead.
  { ignores: ["src/api/schema.d.ts"] },
  js.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommended, reactHooks.configs.flat["recommended-latest"], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A value cast away from `unknown` says what it assumes; `any` says nothing.
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // A scrolling output box must take the keyboard focus to be scrolled without a mouse; it is
      // then a labelled region (role="region"), which this rule otherwise counts as non-interactive.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
    },
  },
  {
    // The browser scenarios and the config files run on Node.
    files: ["e2e/**/*.mjs", "*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
);
