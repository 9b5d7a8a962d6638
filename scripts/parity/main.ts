/**
 * `npm run parity`: how closely the emulator answers as an org does, from a recording anyone with an org can make.
 *
 *   npm run parity -- record [--target=org|emulator-http] [--url=URL] [--out=FILE]
 *   npm run parity -- check FILE [--url=URL]
 *
 * `record` runs the contract suite's org target (tests/contract/org-safe.test.ts: read-only calls and writes that
 * undo themselves) against the org of the WEBSTORE_* variables — or, with --target=emulator-http, against an
 * emulator it serves on a loopback port (--url: one already running, e.g. `npm run emulator`) — and writes each
 * request's shape and its answer's to FILE: method, path template, query parameter names, status, key paths and
 * their types. No values (docs/parity.md). `check` runs the same suite against the emulator over HTTP and prints,
 * per endpoint, whether its statuses and key paths are those of the recording; it exits 1 when any differ.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { DEMO_CLIENT, DEMO_WEBSTORE_ID } from "../../server/config.js";
import { LATEST_VERSION, OLDEST_VERSION } from "../../server/emulator/core/router.js";
import { createEmulator } from "../../server/emulator/index.js";
import { serveFetch } from "../../server/node-http.js";
import { compileTrustProxy } from "../../server/proxy.js";
import { byEndpoint, compare, endpointLabel, formatParity } from "./compare.js";
import { FORMAT, SUITE, type RecordedRequest, type Recording } from "./shape.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const ORG_VARIABLES = [
  "WEBSTORE_SITE_URL",
  "WEBSTORE_ID",
  "WEBSTORE_CLIENT_ID",
  "WEBSTORE_CLIENT_SECRET",
  "WEBSTORE_REDIRECT_URI",
] as const;
/** The demo store's buyer (fixtures/accounts.json): the emulator's run signs in as an org owner's test buyer would. */
const DEMO_BUYER = { username: "buyer@demo.store", password: "demo-pass-1" };

interface SuiteRun {
  requests: RecordedRequest[];
  tests: Recording["tests"];
}

/** The suite's org target against the site of `env`, its transport recorded (tests/contract/targets.ts). */
async function runSuite(env: Record<string, string>): Promise<SuiteRun> {
  const dir = mkdtempSync(join(tmpdir(), "parity-"));
  const requestsFile = join(dir, "requests.jsonl");
  const reportFile = join(dir, "report.json");
  // A vitest run of its own: the variables of one that started this command (a test of it) would confuse it.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(inherited)) if (/^(VITEST|PARITY_|CONTRACT_TARGETS$)/.test(key)) delete inherited[key];
  try {
    const code = await new Promise<number>((done, fail) => {
      const child = spawn(
        process.execPath,
        [
          join(ROOT, "node_modules/vitest/vitest.mjs"),
          "run",
          "--project",
          "contract",
          SUITE,
          "--reporter=dot",
          "--reporter=json",
          `--outputFile.json=${reportFile}`,
        ],
        {
          cwd: ROOT,
          env: { ...inherited, ...env, CONTRACT_TARGETS: "org", PARITY_RECORD: requestsFile },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      // The suite's own report, but for the json reporter's line naming its temporary file.
      createInterface({ input: child.stdout }).on("line", (line) => {
        if (!line.startsWith("JSON report written to")) console.log(line);
      });
      child.on("error", fail);
      child.on("close", (c) => done(c ?? 1));
    });
    if (!existsSync(reportFile)) throw new Error(`parity: the suite did not run (vitest exited ${code})`);
    const report = JSON.parse(readFileSync(reportFile, "utf8")) as {
      testResults: { assertionResults: { title: string; status: string }[] }[];
    };
    const requests = existsSync(requestsFile)
      ? readFileSync(requestsFile, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as RecordedRequest)
      : [];
    return {
      requests,
      tests: report.testResults.flatMap((f) => f.assertionResults.map((t) => ({ name: t.title, status: t.status }))),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An emulator on a loopback port, as `npm run emulator` serves one; or the one already running at `url`. */
async function emulatorAt(url: string | undefined) {
  if (url) return { url: url.replace(/\/$/, ""), close: async () => {} };
  const emulator = createEmulator();
  const served = await serveFetch((r) => emulator.fetch(r), 0, { trustProxy: compileTrustProxy("loopback") });
  return {
    url: served.url,
    close: async () => {
      await served.close();
      emulator.close();
    },
  };
}

/** The variables that point the org target at the demo store of an emulator. */
const emulatorEnv = (url: string, apiVersion: string) => ({
  WEBSTORE_SITE_URL: url,
  WEBSTORE_ID: DEMO_WEBSTORE_ID,
  WEBSTORE_CLIENT_ID: DEMO_CLIENT.clientId,
  WEBSTORE_CLIENT_SECRET: DEMO_CLIENT.clientSecret,
  WEBSTORE_REDIRECT_URI: DEMO_CLIENT.redirectUri,
  WEBSTORE_API_VERSION: apiVersion,
  WEBSTORE_TEST_USERNAME: DEMO_BUYER.username,
  WEBSTORE_TEST_PASSWORD: DEMO_BUYER.password,
});

const testsLine = (tests: Recording["tests"]) => {
  const count = (status: string) => tests.filter((t) => t.status === status).length;
  const parts = [`${count("passed")} passed`];
  if (count("failed")) parts.push(`${count("failed")} failed`);
  if (count("skipped") + count("pending")) parts.push(`${count("skipped") + count("pending")} skipped`);
  return `${tests.length} tests: ${parts.join(", ")}`;
};

async function record(options: { target: string; url?: string; out: string }): Promise<number> {
  const toEmulator = options.target === "emulator-http" || options.url !== undefined;
  if (!toEmulator && options.target !== "org") {
    console.error(`parity: --target is org or emulator-http, not ${options.target}`);
    return 2;
  }
  let run: SuiteRun;
  let apiVersion: string;
  let where: string;
  if (toEmulator) {
    apiVersion = `${LATEST_VERSION}.0`;
    const emulator = await emulatorAt(options.url);
    where = `the emulator at ${emulator.url}`;
    try {
      run = await runSuite(emulatorEnv(emulator.url, apiVersion));
    } finally {
      await emulator.close();
    }
  } else {
    const missing = ORG_VARIABLES.filter((name) => !process.env[name]);
    if (missing.length) {
      console.error(
        `parity: set ${missing.join(", ")} to record an org (docs/real-org.md), or record the emulator with --target=emulator-http`,
      );
      return 2;
    }
    apiVersion = process.env.WEBSTORE_API_VERSION ?? `${LATEST_VERSION}.0`;
    where = "the org";
    run = await runSuite({});
  }
  if (!run.requests.length) {
    console.error(`parity: the suite made no request of ${where} (${testsLine(run.tests)}); nothing written`);
    return 1;
  }
  const recording: Recording = {
    format: FORMAT,
    recordedAt: new Date().toISOString().slice(0, 10),
    target: toEmulator ? "emulator" : "org",
    apiVersion,
    suite: SUITE,
    tests: run.tests,
    requests: run.requests,
  };
  writeFileSync(options.out, `${JSON.stringify(recording, null, 2)}\n`);
  const endpoints = byEndpoint(run.requests);
  console.log(
    `\nrecorded ${run.requests.length} requests to ${endpoints.size} endpoints of ${where} (API v${apiVersion}; ${testsLine(run.tests)})`,
  );
  const label = endpointLabel([...endpoints.keys()]);
  const width = Math.max(...[...endpoints.keys()].map((e) => label(e).length));
  for (const [endpoint, answers] of endpoints)
    console.log(`  ${label(endpoint).padEnd(width)}  ${answers.statuses.join(",")}`);
  console.log(`written to ${options.out}: shapes only, no values (docs/parity.md)`);
  if (!toEmulator) {
    console.log(
      "Send it as an attachment to a new issue on the project's repository: the emulator is checked against it there.",
    );
  }
  return 0;
}

async function check(file: string, options: { url?: string }): Promise<number> {
  const recording = JSON.parse(readFileSync(file, "utf8")) as Recording;
  if (recording.format !== FORMAT || !Array.isArray(recording.requests)) {
    console.error(`parity: ${file} is not a parity recording (format ${FORMAT})`);
    return 2;
  }
  // The recording's version when the emulator serves it, so the same resources are asked for as they were then.
  const major = Number.parseInt(recording.apiVersion, 10);
  const served = major >= OLDEST_VERSION && major <= LATEST_VERSION;
  const apiVersion = served ? `${major}.0` : `${LATEST_VERSION}.0`;
  const emulator = await emulatorAt(options.url);
  let run: SuiteRun;
  try {
    run = await runSuite(emulatorEnv(emulator.url, apiVersion));
  } finally {
    await emulator.close();
  }
  const recorded = recording.target === "org" ? "org" : "recorded";
  console.log(
    `\nparity of ${file} (${recording.target}, API v${recording.apiVersion}, ${recording.recordedAt}: ${recording.requests.length} requests; ${testsLine(recording.tests)})`,
  );
  console.log(
    `against the emulator at ${emulator.url} (API v${apiVersion}${served ? "" : `: v${recording.apiVersion} is not served`}; ${run.requests.length} requests; ${testsLine(run.tests)})\n`,
  );
  const results = compare(recording.requests, run.requests);
  for (const line of formatParity(results, { recorded, checked: "emulator" })) console.log(line);
  return results.every((r) => r.atParity) ? 0 : 1;
}

const USAGE = `usage: npm run parity -- record [--target=org|emulator-http] [--url=URL] [--out=FILE]
       npm run parity -- check FILE [--url=URL]`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      target: { type: "string", default: "org" },
      url: { type: "string" },
      out: { type: "string", default: "parity-recording.json" },
    },
  });
  const [command, file] = positionals;
  if (command === "record" && positionals.length === 1)
    return record({ target: values.target!, url: values.url, out: values.out! });
  if (command === "check" && file && positionals.length === 2) return check(file, values);
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
