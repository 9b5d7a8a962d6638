import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        test: { name: "contract", include: ["tests/contract/**/*.test.ts"], environment: "node", testTimeout: 20_000 },
      },
    ],
  },
});
