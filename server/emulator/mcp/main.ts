/**
 * `npm run emulator:mcp`: the emulator's MCP server on stdio (server.ts), for a coding agent's MCP client to spawn.
 * It drives the emulator at `--url URL`, else EMULATOR_URL, else http://localhost:3000 (where `npm start` serves the
 * store and its emulator; `npm run emulator` answers on http://localhost:4000). stdout carries the protocol alone:
 * anything said to a person goes to stderr.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createEmulatorMcpServer } from "./server.js";

export const DEFAULT_EMULATOR_URL = "http://localhost:3000";

function emulatorUrl(argv: readonly string[]): string {
  const flag = argv.indexOf("--url");
  const url = flag >= 0 ? argv[flag + 1] : process.env.EMULATOR_URL?.trim() || DEFAULT_EMULATOR_URL;
  if (!url || !URL.canParse(url)) {
    console.error(`--url needs the emulator's address, e.g. --url ${DEFAULT_EMULATOR_URL}`);
    process.exit(2);
  }
  return url;
}

const baseUrl = emulatorUrl(process.argv.slice(2));
const server = createEmulatorMcpServer({ baseUrl, webstoreId: process.env.WEBSTORE_ID?.trim() || undefined });
await server.connect(new StdioServerTransport());
console.error(`Emulator MCP server on stdio, driving the emulator at ${baseUrl}`);
