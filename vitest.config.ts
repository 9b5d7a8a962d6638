import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        // tsconfig's `~/` alias: the route tests import the app's message constants where they are defined.
        resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/routes/**/*.test.ts"],
          environment: "node",
          // The route tests drive the compiled Remix app: built first when missing or older than app/.
          globalSetup: ["tests/routes/global-setup.ts"],
          // Node loads the compiled Remix build itself, as server/main.ts does in production: vite has nothing to
          // transform there (and doing so cost each route test file a second or two).
          server: { deps: { external: [/\/build\/server\/index\.js$/] } },
        },
      },
      {
        test: { name: "contract", include: ["tests/contract/**/*.test.ts"], environment: "node", testTimeout: 20_000 },
      },
    ],
  },
});
