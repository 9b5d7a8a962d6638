// Rebuilds the README's endpoint section from the emulator's docs (docs/emulator*.md), so the one table a
// reader sees never drifts from the per-group docs the emulator's authors keep. Run: node scripts/endpoint-table.mjs
import { readFileSync, writeFileSync } from "node:fs";

const CORE = `### Context, authentication and test controls (server/emulator/{context,auth,admin}.ts)

| Endpoint | Success | Errors | Test |
|---|---|---|---|
| any path under \`webstores/{id}/\` with an unknown webstore id | — | 404 \`WEBSTORE_NOT_FOUND\` | tests/contract/context.test.ts |
| an unknown resource / a wrong method / a body that is not JSON, or nests deeper than 100 levels (emulator-only bound) / a body over 5 MB over HTTP (emulator-only) | — | 404 \`NOT_FOUND\` / 405 \`METHOD_NOT_ALLOWED\` / 400 \`JSON_PARSER_ERROR\` / 413 \`REQUEST_ENTITY_TOO_LARGE\` | context.test.ts, carts.test.ts, server.test.ts |
| any \`/__emulator/*\` request from another machine (\`EMULATOR_CONTROLS=local\`), or a change from another site's page | — | 403 \`INSUFFICIENT_ACCESS\` | server.test.ts |
| the site's identity endpoints (\`/services/oauth2/…\`) | see below | | tests/contract/identity.test.ts |
| any call without a token, or with an expired, revoked or unknown one | — | 401 \`INVALID_SESSION_ID\` | identity.test.ts |
| GET \`application-context\` (guests allowed, with a guest token) | 200, \`Cache-Control: private, max-age=300\` | 404 \`WEBSTORE_NOT_FOUND\` | context.test.ts, client.test.ts |
| GET \`session-context\` | 200 \`{userId, userName, guestUser, isLoggedIn, accountId, accountName, effectiveAccountId (fifteen zeros for none), effectiveAccountName, currencyIsoCode, isPreview}\` | 401; 403 \`EFFECTIVE_ACCOUNT_NOT_FOUND\` | context.test.ts |
| GET \`ai/configuration\` | 200 | — | context.test.ts |
| GET \`shopperAgent/context\` | 200 \`{isEnabled:false, …}\` | — | context.test.ts |
| GET \`external-managed-accounts?includeMyAccount\` | 200 \`{externalManagedAccounts:[{accountId, accountName, isMyAccount, isCurrentUserDefaultAccount, address}]}\` | 401 \`INVALID_SESSION_ID\` (guest) | context.test.ts |
| GET \`effective-accounts/{id}?fields\` | 200 \`{accountId, accountName, fields}\` | 401; 404 \`EFFECTIVE_ACCOUNT_NOT_FOUND\` | context.test.ts |
| POST \`/__emulator/reset\`, \`/__emulator/faults\`, \`/__emulator/clock\`; DELETE \`/__emulator/faults\`; GET \`/__emulator/journal\` | 200 / 201 / 200 / 204 / 200 | 400 \`INVALID_API_INPUT\` (rule without path, negative clock) | context.test.ts, client.test.ts |
`;

function tables(file, title) {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\| Endpoint \|/.test(lines[i])) continue;
    let j = i;
    while (j < lines.length && lines[j].startsWith("|")) out.push(lines[j++]);
    out.push("");
    i = j;
  }
  return `### ${title} (details: ${file})\n\n${out.join("\n")}`;
}

const section = [
  CORE,
  tables("docs/emulator-identity.md", "Identity: the site's Headless Identity APIs"),
  tables("docs/emulator.md", "Catalog and carts"),
  tables("docs/emulator-checkout.md", "Delivery groups, checkouts, payments, addresses"),
  tables("docs/emulator-orders.md", "Order summaries, lookup, reorder, server method, SEO"),
  tables("docs/emulator-wishlists.md", "Wishlists"),
].join("\n");

const readme = readFileSync("README.md", "utf8");
const start = readme.indexOf("<!-- ENDPOINTS -->");
const end = readme.indexOf("<!-- /ENDPOINTS -->");
const before = readme.slice(0, start);
const after = end === -1 ? "" : readme.slice(end + "<!-- /ENDPOINTS -->".length);
writeFileSync("README.md", `${before}<!-- ENDPOINTS -->\n\nGenerated from docs/emulator*.md by \`node scripts/endpoint-table.mjs\`.\n\n${section}\n<!-- /ENDPOINTS -->${after}`);
