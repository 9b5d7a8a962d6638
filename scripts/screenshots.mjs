// The README's screenshots, taken from a store that is already running (this script starts nothing):
//
//   node scripts/screenshots.mjs [--url http://localhost:3000] [--out docs/images] [store] [console]
//
// `store` shoots the home page (docs/images/store.png), `console` the emulator's console at /__emulator/
// (docs/images/console.png); both when neither is named. The browser is the one the e2e tests use
// (scripts/browser.mjs: CHROMIUM_PATH, else the system's Chromium, else Playwright's). A page that does not answer
// 200 is not shot: the script says which and exits 1, so a missing console or a stopped store never becomes a picture
// of an error page. A shot stays under about 150 KB: the first screen at 1152 × 720, its colours rounded (`smaller`).
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findBrowser } from "./browser.mjs";

const SHOTS = {
  store: { path: "/", file: "store.png" },
  console: { path: "/__emulator/", file: "console.png" },
};

function parseArgs(argv) {
  const options = { url: process.env.STORE_URL ?? "http://localhost:3000", out: "docs/images", names: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--url") options.url = argv[++i];
    else if (argv[i] === "--out") options.out = argv[++i];
    else if (argv[i] in SHOTS) options.names.push(argv[i]);
    else throw new Error(`Unknown argument ${argv[i]}: use --url URL, --out DIR, store, console.`);
  }
  if (!options.url || !URL.canParse(options.url)) throw new Error("--url needs the running store's address.");
  if (options.names.length === 0) options.names = Object.keys(SHOTS);
  return options;
}

/**
 * The shot with each colour channel rounded to a multiple of 8 (by the browser, on a canvas): the eye sees no
 * difference, and a gradient's near-identical pixels become runs the PNG's compression takes at a fraction of the size.
 */
async function smaller(page, png) {
  const dataUrl = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < pixels.data.length; i++)
      if (i % 4 !== 3) pixels.data[i] = Math.min(255, (pixels.data[i] + 4) & ~7);
    context.putImageData(pixels, 0, 0);
    return canvas.toDataURL("image/png");
  }, png.toString("base64"));
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const browserPath = findBrowser()?.path;
  if (!browserPath) throw new Error("No Chromium found: run `node scripts/browser.mjs`, or set CHROMIUM_PATH.");
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: browserPath, args: ["--no-sandbox", "--disable-gpu"] });
  let failed = false;
  try {
    const page = await browser.newPage({ viewport: { width: 1152, height: 720 }, deviceScaleFactor: 1 });
    mkdirSync(options.out, { recursive: true });
    for (const name of options.names) {
      const shot = SHOTS[name];
      const url = new URL(shot.path, options.url).href;
      const res = await page.goto(url, { waitUntil: "networkidle" });
      if (res?.status() !== 200) {
        console.error(`${name}: ${url} answered ${res?.status() ?? "nothing"}, not shot.`);
        failed = true;
        continue;
      }
      const file = join(options.out, shot.file);
      writeFileSync(file, await smaller(page, await page.screenshot({ fullPage: false })));
      console.log(`${name}: ${url} → ${file} (${Math.round(statSync(file).size / 1024)} KB)`);
    }
  } finally {
    await browser.close();
  }
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
