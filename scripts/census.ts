/**
 * `npm run census`: prints every documented webstore method + path next to the versions the emulator serves it at,
 * or the written reason it doesn't (data: scripts/census/documented.ts), and the served routes no page documents.
 * `npm run census -- --write` writes the table into docs/emulator-census.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createEmulator } from "../server/emulator/index.js";
import { census, censusMarkdown, withSection } from "./census/table.js";

const DOC = "docs/emulator-census.md";

const emulator = createEmulator();
const section = censusMarkdown(census(emulator.routes()));
emulator.close();

if (process.argv.includes("--write")) {
  writeFileSync(DOC, withSection(readFileSync(DOC, "utf8"), section));
  console.log(`wrote ${DOC}`);
} else {
  process.stdout.write(section);
}
