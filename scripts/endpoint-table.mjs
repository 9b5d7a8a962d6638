// Rebuilds docs/endpoints.md's endpoint section from the emulator's docs (docs/emulator*.md), so the one table a
// reader sees never drifts from the per-group docs the emulator's authors keep. Run: node scripts/endpoint-table.mjs
import { readFileSync, writeFileSync } from "node:fs";

const CORE = `### Context, authentication and test controls (server/emulator/core/context.ts, identity/auth.ts, admin/admin.ts)

| Endpoint | Success | Errors | Test | Source |
|---|---|---|---|---|
| any path under \`webstores/{id}/\` with an unknown webstore id | — | 404 \`WEBSTORE_NOT_FOUND\` | tests/contract/context.test.ts | reference §9 (LWR errorCodeEvaluator) |
| an unknown resource / a wrong method / a body that is not JSON | — | 404 \`NOT_FOUND\` / 405 \`METHOD_NOT_ALLOWED\` / 400 \`JSON_PARSER_ERROR\` | context.test.ts, carts.test.ts, carts-items.test.ts | Connect REST status codes (connect_error_responses.htm); REST API status codes |
| a body nested deeper than 100 levels / a body over 5 MB over HTTP | — | 400 \`JSON_PARSER_ERROR\` / 413 \`REQUEST_ENTITY_TOO_LARGE\` | carts-items.test.ts, server.test.ts | emulator-only bounds: no Salesforce page states the API's limits; they keep a hostile body from costing the parser's stack or the server's memory |
| any \`/__emulator/*\` request from another machine (\`EMULATOR_CONTROLS=local\`), or a change from another site's page | — | 403 \`INSUFFICIENT_ACCESS\` | server.test.ts | emulator-only: the test controls are for this machine |
| the site's identity endpoints (\`/services/oauth2/…\`) | see below | | tests/contract/identity.test.ts | docs/emulator-identity.md |
| any call without a token, or with an expired, revoked or unknown one | — | 401 \`INVALID_SESSION_ID\` | identity.test.ts | Connect REST status codes (connect_error_responses.htm) |
| GET \`application-context\` (guests allowed, with a guest token) | 200 (no \`Cache-Control\`: no page shows one) | 404 \`WEBSTORE_NOT_FOUND\` | context.test.ts, client.test.ts | \`r:application_context\` 54.0+ [I: its oldest fields are 54.0] |
| GET \`session-context\` | 200 \`{userId, userName, guestUser, accountId, accountName, effectiveAccountId (fifteen zeros for none), effectiveAccountName, currencyIsoCode, isPreview}\` | 401; 403 \`EFFECTIVE_ACCOUNT_NOT_FOUND\` | context.test.ts | \`r:session_context\` (Commerce Webstore Session Context); the fields of LWR commerce/context/types.d.ts SessionContextData (userId, userName, guestUser, accountId, accountName), the rest [I] (the storefront reads them; no stored page lists the output); isLoggedIn and isAnonymousPreview are LWR's own client-side derivations, not fields of the answer |
| GET \`ai/configuration\` (55.0) | 200 | — | context.test.ts, versions.test.ts | \`r:ai_config\` 55.0+ (Commerce Einstein Webstore Configuration; the 52.0–54.0 page, commerce/einstein/webstores/{id}/configuration, sends later versions to it) |
| GET \`shopperAgent/context\` | 200 \`{isEnabled:false, …}\` | — | context.test.ts | emulator-only: the spec's call list names it; nothing public shows it |
| GET \`external-managed-accounts?includeMyAccount\` | 200 \`{externalManagedAccounts:[{accountId, accountName, isMyAccount, address{street, city, state, country, zip}}]}\` | 401 \`INVALID_SESSION_ID\` (guest) | context.test.ts | \`r:external_managed_accounts\` 49.0+ (includeMyAccount 53.0); fields of ConnectApi.ExternalManagedAccountOutput (https://developer.salesforce.com/docs/platform/apex-ref/references/apex-ref/apex-connectapi-output-external-managed-account-output.html) |
| GET \`effective-accounts/{id}?fields\` | 200 \`{accountId, accountName, fields}\` (fields of Account: Id, Name, Billing address, \`IsPersonAccount\` — true for a consumer's person account) | 401; 404 \`EFFECTIVE_ACCOUNT_NOT_FOUND\` | context.test.ts | no Connect REST page: LWR commerce/effectiveAccountApi calls it |
| POST \`/__emulator/reset\`, \`/__emulator/faults\`, \`/__emulator/clock\`; DELETE \`/__emulator/faults\`; GET \`/__emulator/journal\` | 200 / 201 / 200 / 204 / 200 | 400 \`INVALID_API_INPUT\` (rule without path, negative clock) | context.test.ts, client.test.ts | emulator-only: test controls, never against a real org |
| POST / PUT / DELETE \`/__emulator/states/{name}\`; GET \`/__emulator/states\` | 201 / 200 / 204 / 200 | 400 \`INVALID_API_INPUT\` (a name not 1–64 letters, digits, \`-\` or \`_\`); 404 \`NOT_FOUND\` (no state of that name) | states.test.ts | emulator-only: saved states of the store's data, as Firebase's emulators export and import theirs |
| POST \`/__emulator/large-store\` \`{products, buyers?, bulkOrders?, bulkCartLines?, managedAccounts?, seed?}\` | 201 \`{size, seededInMs}\` | 400 \`INVALID_API_INPUT\` (a size past its bounds: 10,000 products, 2,000 cart lines, 200 accounts; an unknown field); 409 \`CONFLICT\` (a generated store is already seeded) | large-store.test.ts | emulator-only: seeds the DEMO_SCALE=large generator's store at a test's size next to the current data, large carts on; a reset brings back the started scale |
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
  tables("docs/emulator-variations.md", "Variations and stock"),
].join("\n");

const readme = readFileSync("docs/endpoints.md", "utf8");
const start = readme.indexOf("<!-- ENDPOINTS -->");
const end = readme.indexOf("<!-- /ENDPOINTS -->");
const before = readme.slice(0, start);
const after = end === -1 ? "" : readme.slice(end + "<!-- /ENDPOINTS -->".length);
const LEGEND = `Source: the Salesforce page each row follows and the API versions it exists at (outside them the emulator
answers 404 NOT_FOUND). \`r:x\` is developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_webstore_x.htm;
"emulator-only" rows say why they exist without one.`;

writeFileSync(
  "docs/endpoints.md",
  `${before}<!-- ENDPOINTS -->\n\nGenerated from docs/emulator*.md by \`node scripts/endpoint-table.mjs\`.\n\n${LEGEND}\n\n${section}\n<!-- /ENDPOINTS -->${after}`,
);
