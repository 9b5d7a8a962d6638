/**
 * The emulator alone in a process of its own, on a loopback port, over a database file: what the crash test kills
 * with SIGKILL. Usage: node --import tsx tests/support/emulator-process.ts <dbFile>; prints "ready <url>".
 */
import { createEmulator } from "../../server/emulator/index.js";
import { serveFetch } from "../../server/node-http.js";

const dbFile = process.argv[2];
if (!dbFile) throw new Error("usage: emulator-process.ts <dbFile>");
const emulator = createEmulator({ dbFile });
const served = await serveFetch((r) => emulator.fetch(r));
process.stdout.write(`ready ${served.url}\n`);
