/**
 * `npm run doctor` (run by scripts/doctor.mjs after the install check): with WEBSTORE_SITE_URL, checks that org;
 * without it, the demo store's emulator in this process (the demo's site, app and buyer). One line per check; the
 * exit code is 1 when any check fails.
 */
import { readConfig } from "../../server/config.js";
import { createEmulator } from "../../server/emulator/index.js";
import { formatLine, runDoctor, type DoctorOptions } from "./checks.js";

const DEMO_BUYER = { username: "buyer@demo.store", password: "demo-pass-1" };

async function main(): Promise<number> {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    // The same line the store's start stops with (a required variable missing, a malformed one).
    console.log(`✗ ${(error as Error).message}`);
    return 1;
  }
  const testUser =
    process.env.WEBSTORE_TEST_USERNAME && process.env.WEBSTORE_TEST_PASSWORD
      ? { username: process.env.WEBSTORE_TEST_USERNAME, password: process.env.WEBSTORE_TEST_PASSWORD }
      : undefined;
  const options: DoctorOptions = {
    siteUrl: config.WEBSTORE_SITE_URL ?? "http://emulator.local",
    apiVersion: config.WEBSTORE_API_VERSION,
    webstoreId: config.WEBSTORE_ID,
    clientId: config.WEBSTORE_CLIENT_ID,
    clientSecret: config.WEBSTORE_CLIENT_SECRET,
    redirectUri: config.WEBSTORE_REDIRECT_URI,
    testUser,
  };
  const emulator = config.mode === "emulator" ? createEmulator() : null;
  if (emulator) {
    options.fetch = (request) => emulator.fetch(request);
    options.testUser ??= DEMO_BUYER;
    console.log("No WEBSTORE_SITE_URL: checking the demo store's emulator (docs/real-org.md).");
  } else {
    console.log(`Checking ${options.siteUrl} (webstore ${options.webstoreId}, API v${options.apiVersion}).`);
  }
  try {
    const lines = await runDoctor(options);
    for (const line of lines) console.log(formatLine(line));
    return lines.some((line) => line.verdict === "fail") ? 1 : 0;
  } finally {
    emulator?.close();
  }
}

process.exitCode = await main();
