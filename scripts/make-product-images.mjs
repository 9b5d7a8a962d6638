#!/usr/bin/env node
// Writes one small SVG per product of fixtures/catalog.json into public/images/products/<sku>.svg (and a
// default.svg), so the demo store has local pictures and never fetches images from the network.
// Run after changing the catalog: `node scripts/make-product-images.mjs`. The output is committed.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const catalog = JSON.parse(readFileSync(join(root, "fixtures/catalog.json"), "utf8"));
const outDir = join(root, "public/images/products");
mkdirSync(outDir, { recursive: true });

// Each top-level category has its palette and its shape; a product's hash picks within the palette.
const palettes = {
  "0ZGDM0000000CFE": ["#6f4e37", "#8b5a2b", "#a0522d", "#5d4037", "#7b5e46"],
  "0ZGDM0000000BRW": ["#37474f", "#455a64", "#546e7a", "#2f4f4f", "#3e5c6b"],
  "0ZGDM0000000DRK": ["#00796b", "#00897b", "#26a69a", "#2e7d6b", "#00695c"],
  "0ZGDM0000000KIT": ["#b0643c", "#c0703f", "#a8553a", "#9c6644", "#b5734e"],
};

const shapes = {
  // A coffee bean.
  "0ZGDM0000000CFE": (fg) =>
    `<ellipse cx="200" cy="150" rx="62" ry="88" transform="rotate(-25 200 150)" fill="${fg}"/>` +
    `<path d="M178 72 C232 118 170 178 222 228" stroke="rgba(0,0,0,0.25)" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  // A kettle.
  "0ZGDM0000000BRW": (fg) =>
    `<path d="M140 210 L150 120 Q200 95 250 120 L260 210 Z" fill="${fg}"/>` +
    `<rect x="185" y="90" width="30" height="16" rx="6" fill="${fg}"/>` +
    `<path d="M150 140 Q100 150 110 95" stroke="${fg}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
    `<path d="M250 135 Q295 140 285 190" stroke="${fg}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  // A mug with steam.
  "0ZGDM0000000DRK": (fg) =>
    `<rect x="135" y="110" width="110" height="120" rx="14" fill="${fg}"/>` +
    `<path d="M245 135 Q295 140 290 175 Q285 205 245 205" stroke="${fg}" stroke-width="16" fill="none"/>` +
    `<path d="M165 95 Q155 75 170 60 M195 95 Q185 75 200 60 M225 95 Q215 75 230 60" stroke="${fg}" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.7"/>`,
  // A serving board.
  "0ZGDM0000000KIT": (fg) =>
    `<rect x="115" y="105" width="170" height="110" rx="18" fill="${fg}"/>` +
    `<circle cx="305" cy="160" r="16" fill="none" stroke="${fg}" stroke-width="10"/>` +
    `<path d="M140 135 H260 M140 160 H260 M140 185 H230" stroke="rgba(0,0,0,0.15)" stroke-width="6" stroke-linecap="round"/>`,
};

const byId = new Map(catalog.categories.map((c) => [c.id, c]));
const topOf = (id) => {
  let c = byId.get(id);
  while (c?.parentId) c = byId.get(c.parentId);
  return c?.id;
};

function hash(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const escapeXml = (s) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]);

function initials(name) {
  const words = name
    .replace(/[^A-Za-z0-9 ]/g, " ")
    .split(/\s+/)
    .filter((w) => w && /[A-Z0-9]/.test(w[0]));
  return (words[0]?.[0] ?? "") + (words[1]?.[0] ?? "");
}

function svg({ name, background, shape, label }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${background}" stop-opacity="0.78"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#bg)"/>
<circle cx="200" cy="160" r="120" fill="rgba(255,255,255,0.12)"/>
${shape}
<text x="200" y="330" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-weight="700" fill="#fffaf0" letter-spacing="4">${escapeXml(label)}</text>
</svg>
`;
}

for (const p of catalog.products) {
  const top = topOf(p.category);
  const palette = palettes[top] ?? palettes["0ZGDM0000000KIT"];
  const background = palette[hash(p.sku) % palette.length];
  const shape = (shapes[top] ?? shapes["0ZGDM0000000KIT"])("#fdf6e3");
  writeFileSync(join(outDir, `${p.sku}.svg`), svg({ name: p.name, background, shape, label: initials(p.name) }));
}
writeFileSync(
  join(outDir, "default.svg"),
  svg({ name: "Product image", background: "#8d8d8d", shape: shapes["0ZGDM0000000DRK"]("#fdf6e3"), label: "" }),
);
console.log(`wrote ${catalog.products.length + 1} images to ${outDir}`);
