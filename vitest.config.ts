import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        // tsconfig's `~/` alias: the route tests import the app's message constants where they are defined.
        resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
        test: {
          name: "unit",
          // Every test beside its slice (tests/<slice>/, route tests as *.routes.test.ts); the API's contract, the
          // browser specs and the drill are run by their own project and runners.
          include: ["tests/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, "tests/contract/**", "tests/e2e/**", "tests/drill/**"],
          environment: "node",
          // The route tests drive the compiled Remix app: built first when missing or older than app/.
          globalSetup: ["tests/support/routes-setup.ts"],
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
