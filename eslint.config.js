// ESLint (flat config): TypeScript's recommended rules, the rules of hooks, and jsx-a11y's recommended checks for
// the storefront's markup. Type-aware rules are left out: `tsc --noEmit` already runs in `npm test`, and they would
// double the lint step's time.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/**", ".cache/**", "node_modules/**", "test-results/**", "playwright-report/**", ".data/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_`-prefixed names are deliberately unused (a rest sibling dropped, a parameter kept for its position).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read API answers as JSON of the shape under test; typing each one would restate the emulator's shapes.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The emulator checks request bodies field by field on JSON of any shape, as the API does, and reads SQLite rows
    // untyped: `any` stays allowed there until its resources are typed one by one. The app and the adapter are typed.
    files: ["server/emulator/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
