import { API_VERSION } from "../../core/router.js";
import { isoDate } from "../../core/clock.js";
import type { Emu } from "../../core/state.js";
import type { JournalEntry, PublicFaultRule } from "../admin.js";
import type { SavedStates } from "../states.js";
import { count, firstWebstore, outboxMails } from "./data.js";
import { html, type Html } from "./html.js";
import { BASE, ROOT, actionForm, field, hidden, withQuery } from "./layout.js";

export const DEFAULT_WEBSTORE = "0ZEDEMO00000001";

/** The application context's switches (true/false values, one level of nesting deep), by dotted path. */
export function contextSwitches(context: Record<string, any>): { path: string; value: boolean }[] {
  const found: { path: string; value: boolean }[] = [];
  for (const [key, value] of Object.entries(context)) {
    if (typeof value === "boolean") found.push({ path: key, value });
    else if (value && typeof value === "object" && !Array.isArray(value))
      for (const [inner, v] of Object.entries(value))
        if (typeof v === "boolean") found.push({ path: `${key}.${inner}`, value: v });
  }
  return found;
}

/** The emulator's own timing settings the overview edits (EmulatorSettings). */
export const TIMING_SETTINGS = [
  { name: "asyncPolls", label: "Reads a changed cart answers “processing” (async polls)" },
  { name: "asyncSeconds", label: "Seconds a changed cart processes (async seconds)" },
  { name: "checkoutPolls", label: "Reads a checkout answers “processing”" },
  { name: "checkoutSeconds", label: "Seconds a checkout calculates" },
  { name: "sessionSeconds", label: "Seconds a bearer token lasts" },
] as const;

const COUNTED = [
  ["Products", "products"],
  ["Categories", "product_categories"],
  ["Buyers", "users"],
  ["Accounts", "accounts"],
  ["Carts", "carts"],
  ["Checkouts", "checkouts"],
  ["Orders", "order_summaries"],
  ["Wishlists", "wishlists"],
  ["Subscriptions", "commerce_subscriptions"],
  ["E-mails sent", "outbox"],
] as const;

export function overview(emu: Emu): Html {
  const store = firstWebstore(emu.db);
  const webstoreId = store?.id ?? DEFAULT_WEBSTORE;
  const context = emu.store.applicationContext(webstoreId);
  return html`<section aria-labelledby="store">
      <h2 id="store">The store</h2>
      <dl>
        <dt>Webstore</dt>
        <dd>${store?.name ?? ""} (<code>${webstoreId}</code>)</dd>
        <dt>API version</dt>
        <dd>
          <code>${API_VERSION}</code>: <code>/services/data/${API_VERSION}/commerce/webstores/${webstoreId}</code>
        </dd>
      </dl>
      ${actionForm(`${ROOT}reset`, "Reset the store to its fixtures")}
    </section>
    <section aria-labelledby="clock">
      <h2 id="clock">Virtual clock</h2>
      <p>Now: <time datetime="${isoDate(emu.clock.now())}">${isoDate(emu.clock.now())}</time></p>
      <div class="buttons">
        ${[
          [3600, "Advance 1 hour"],
          [86400, "Advance 1 day"],
          [604800, "Advance 7 days"],
        ].map(([seconds, label]) => actionForm(`${BASE}/clock`, String(label), hidden("seconds", seconds)))}
      </div>
    </section>
    <section aria-labelledby="settings">
      <h2 id="settings">Store settings</h2>
      <form method="post" action="${BASE}/settings" class="settings">
        ${hidden("webstoreId", webstoreId)}
        <fieldset>
          <legend>The store's application context</legend>
          ${contextSwitches(context).map(
            (s) =>
              html`<p class="check">
                <input
                  type="checkbox"
                  id="ctx-${s.path}"
                  name="context"
                  value="${s.path}"
                  ${s.value ? html`checked` : ""}
                />
                <label for="ctx-${s.path}">${s.path}</label>
              </p>`,
          )}
        </fieldset>
        <fieldset>
          <legend>Asynchronous processing and sessions</legend>
          ${TIMING_SETTINGS.map((t) =>
            field(`setting-${t.name}`, t.label, {
              name: t.name,
              type: "number",
              value: (emu.settings as any)[t.name],
              required: true,
            }),
          )}
        </fieldset>
        <button type="submit">Save settings</button>
      </form>
    </section>
    <section aria-labelledby="counts">
      <h2 id="counts">Data</h2>
      <table>
        <caption>
          How many records the store holds
        </caption>
        <thead>
          <tr>
            <th scope="col">Records</th>
            <th scope="col">Count</th>
          </tr>
        </thead>
        <tbody>
          ${COUNTED.map(
            ([label, table]) =>
              html`<tr>
                <th scope="row">${label}</th>
                <td>${count(emu.db, table)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
}

const JOURNAL_PAGE = 100;
const METHODS = ["", "GET", "POST", "PUT", "PATCH", "DELETE"];

/** The journal's filters, as the GET form and the live updates (console.js) apply them. */
export function journalFilter(query: URLSearchParams) {
  const method = (query.get("method") ?? "").toUpperCase();
  const path = query.get("path") ?? "";
  const status = query.get("status") ?? "";
  const requestId = query.get("requestId") ?? "";
  return (e: JournalEntry) =>
    (!method || e.method === method) &&
    (!path || e.path.includes(path)) &&
    (!status || String(e.status) === status || (status.endsWith("xx") && String(e.status)[0] === status[0])) &&
    (!requestId || e.requestId === requestId);
}

export function journalRow(e: JournalEntry): Html {
  return html`<tr data-seq="${e.seq}">
    <td><a href="${BASE}/journal/${e.seq}">${e.seq}</a></td>
    <td><time datetime="${e.at}">${e.at}</time></td>
    <td>${e.method}</td>
    <td class="path">${e.path}${e.query}</td>
    <td>${e.status}</td>
    <td>${e.durationMs} ms</td>
    <td>${e.fault === null ? "" : html`rule ${e.fault}`}</td>
    <td class="rid">${e.requestId ?? ""}</td>
  </tr>`;
}

export function journalPage(entries: JournalEntry[], query: URLSearchParams): Html {
  const matches = journalFilter(query);
  const before = Number(query.get("before") ?? Infinity);
  const newestFirst = entries.filter((e) => e.seq < before && matches(e)).reverse();
  const shown = newestFirst.slice(0, JOURNAL_PAGE);
  const latest = entries.at(-1)?.seq ?? 0;
  const path = `${BASE}/journal`;
  return html`<form method="get" action="${path}" class="filters" aria-label="Filter the journal">
      <p class="field">
        <label for="j-method">Method</label>
        <select id="j-method" name="method">
          ${METHODS.map(
            (m) =>
              html`<option value="${m}" ${m === (query.get("method") ?? "").toUpperCase() ? html`selected` : ""}>
                ${m || "Any"}
              </option>`,
          )}
        </select>
      </p>
      ${field("j-path", "Path contains", { name: "path", value: query.get("path") ?? "" })}
      ${field("j-status", "Status (404, or 4xx)", { name: "status", value: query.get("status") ?? "" })}
      ${field("j-request", "Storefront request id", { name: "requestId", value: query.get("requestId") ?? "" })}
      <button type="submit">Filter</button>
      <a href="${path}">Clear filters</a>
    </form>
    <table id="journal" data-latest="${latest}" data-live="${query.has("before") ? "off" : "on"}">
      <caption>
        API requests, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">At (virtual clock)</th>
          <th scope="col">Method</th>
          <th scope="col">Path</th>
          <th scope="col">Status</th>
          <th scope="col">Took</th>
          <th scope="col">Fault</th>
          <th scope="col">Request id</th>
        </tr>
      </thead>
      <tbody>
        ${shown.map(journalRow)}
      </tbody>
    </table>
    ${shown.length ? "" : html`<p id="journal-empty">No requests${query.toString() ? " match" : " yet"}.</p>`}
    <nav aria-label="Pages" class="pager">
      ${query.has("before") ? html`<a href="${withQuery(path, query, { before: null })}">Newest</a>` : ""}
      ${
        newestFirst.length > JOURNAL_PAGE
          ? html`<a href="${withQuery(path, query, { before: String(shown.at(-1)!.seq) })}">Older requests</a>`
          : ""
      }
    </nav>
    ${actionForm(`${BASE}/journal/clear`, "Clear the journal")}`;
}

export function journalDetail(e: JournalEntry, rule: PublicFaultRule | undefined): Html {
  return html`<dl>
      <dt>Request</dt>
      <dd><code>${e.method} ${e.path}${e.query}</code></dd>
      <dt>At (virtual clock)</dt>
      <dd>${e.at}</dd>
      <dt>Answered</dt>
      <dd>${e.status} in ${e.durationMs} ms</dd>
      <dt>What the API's own handling answered</dt>
      <dd>${e.processedStatus === null ? "nothing: a fault answered before processing" : String(e.processedStatus)}</dd>
      <dt>Fault rule</dt>
      <dd>
        ${
          e.fault === null
            ? "none"
            : html`rule ${e.fault}${rule ? html`: <code>${JSON.stringify(rule)}</code>` : " (since removed)"}`
        }
      </dd>
      <dt>Storefront request id</dt>
      <dd>
        ${
          e.requestId
            ? html`<a href="${BASE}/journal?requestId=${encodeURIComponent(e.requestId)}">${e.requestId}</a> (every call
                of that page)`
            : "none"
        }
      </dd>
      <dt>High-scale cart header</dt>
      <dd>${e.highScale ? "X-Highscale: true" : "no"}</dd>
    </dl>
    <table>
      <caption>
        Request headers (credentials redacted)
      </caption>
      <thead>
        <tr>
          <th scope="col">Header</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        ${Object.entries(e.headers).map(
          ([k, v]) =>
            html`<tr>
              <th scope="row">${k}</th>
              <td>${v}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <p><a href="${BASE}/journal">Back to the journal</a></p>`;
}

interface Mail {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  sent_at: number;
}

const OUTBOX_PAGE = 20;

export function outboxPage(emu: Emu, query: URLSearchParams): Html {
  const to = (query.get("to") ?? "").trim().toLowerCase();
  const before = Number(query.get("before") ?? Number.MAX_SAFE_INTEGER);
  const mails = outboxMails(emu.db, to, before, OUTBOX_PAGE + 1) as Mail[];
  const shown = mails.slice(0, OUTBOX_PAGE);
  const path = `${BASE}/outbox`;
  return html`<form method="get" action="${path}" class="filters" aria-label="Filter the outbox">
      ${field("o-to", "To (e-mail address)", { name: "to", type: "email", value: to })}
      <button type="submit">Filter</button>
    </form>
    ${shown.length ? "" : html`<p>No e-mail sent${to ? html` to ${to}` : ""} yet.</p>`}
    ${shown.map(
      (m) =>
        html`<article class="mail" aria-labelledby="mail-${m.id}">
          <h2 id="mail-${m.id}">${m.subject}</h2>
          <dl>
            <dt>To</dt>
            <dd>${m.to_address}</dd>
            <dt>Sent</dt>
            <dd><time datetime="${new Date(m.sent_at).toISOString()}">${new Date(m.sent_at).toISOString()}</time></dd>
          </dl>
          <pre class="body">${m.body}</pre>
        </article>`,
    )}
    <nav aria-label="Pages" class="pager">
      ${
        mails.length > OUTBOX_PAGE
          ? html`<a href="${withQuery(path, query, { before: String(shown.at(-1)!.id) })}">Older e-mails</a>`
          : ""
      }
    </nav>`;
}

/** The presets: rules in the controls' own format (POST /__emulator/faults takes the same). */
export const FAULT_PRESETS: Record<string, { label: string; rule: Record<string, unknown> }> = {
  "org-down": {
    label: "The org is down",
    rule: { path: "/services/data/*", status: 503, errorCode: "SERVICE_UNAVAILABLE", times: 0 },
  },
  slow: { label: "A slow org: 2 s on every call", rule: { path: "/services/*", latencyMs: 2000, times: 0 } },
  "payments-fail": {
    label: "Payments fail",
    rule: {
      method: "POST",
      path: "*/payments*",
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      message: "The payment gateway is unavailable.",
      times: 0,
    },
  },
};

export function faultsPage(rules: PublicFaultRule[]): Html {
  return html`<section aria-labelledby="rules">
      <h2 id="rules">Rules</h2>
      ${
        rules.length
          ? html`<table>
                <caption>
                  Fault rules, in the order they are tried
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Rule</th>
                    <th scope="col">Method</th>
                    <th scope="col">Path</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Latency</th>
                    <th scope="col">Left</th>
                    <th scope="col">Hits</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  ${rules.map(
                    (r) =>
                      html`<tr>
                        <td>${r.id}</td>
                        <td>${r.method ?? "any"}</td>
                        <td><code>${r.path}</code></td>
                        <td>
                          ${r.status ? html`${r.status} ${r.errorCode ?? "UNKNOWN_EXCEPTION"}` : "the real answer"}${
                            r.after ? " (after processing)" : ""
                          }
                        </td>
                        <td>${r.latencyMs} ms</td>
                        <td>${r.times === 0 ? "until removed" : r.remaining}</td>
                        <td>${r.hits}</td>
                        <td>${actionForm(`${BASE}/faults/remove`, "Remove", html`${hidden("id", r.id)}`)}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>
              ${actionForm(`${BASE}/faults/clear`, "Remove every rule")}`
          : html`<p>No fault rules: every call gets the API's real answer.</p>`
      }
    </section>
    <section aria-labelledby="presets">
      <h2 id="presets">Presets</h2>
      <div class="buttons">
        ${Object.entries(FAULT_PRESETS).map(([key, p]) =>
          actionForm(`${BASE}/faults/preset`, p.label, hidden("preset", key)),
        )}
      </div>
    </section>
    <section aria-labelledby="add-rule">
      <h2 id="add-rule">Add a rule</h2>
      <form method="post" action="${BASE}/faults" class="edit">
        <p class="field">
          <label for="f-method">Method</label>
          <select id="f-method" name="method">
            ${METHODS.map((m) => html`<option value="${m}">${m || "Any"}</option>`)}
          </select>
        </p>
        ${field("f-path", "Path (glob: * matches anything, / included)", {
          name: "path",
          value: "/services/data/*",
          required: true,
        })}
        ${field("f-status", "Status (empty: the real answer, delayed)", { name: "status", type: "number" })}
        ${field("f-code", "Error code", { name: "errorCode", value: "SERVICE_UNAVAILABLE" })}
        ${field("f-message", "Message", { name: "message" })}
        ${field("f-latency", "Latency (ms)", { name: "latencyMs", type: "number", value: 0 })}
        ${field("f-times", "Times (0: until removed)", { name: "times", type: "number", value: 1 })}
        <p class="check">
          <input type="checkbox" id="f-after" name="after" value="true" />
          <label for="f-after">After processing (the answer is lost on the way back)</label>
        </p>
        <button type="submit">Add the rule</button>
      </form>
    </section>`;
}

/** The switches of `npm run doctor`'s checks (OrgSetup): true/false ones, and the lists of usernames. */
export function orgSetupPage(emu: Emu): Html {
  const setup = emu.settings.orgSetup as unknown as Record<string, boolean | string[]>;
  const switches = Object.entries(setup).filter(([, v]) => typeof v === "boolean") as [string, boolean][];
  const lists = Object.entries(setup).filter(([, v]) => Array.isArray(v)) as [string, string[]][];
  return html`<p>
      A correctly set-up org is the default. Each switch puts the emulated org into a misconfiguration a real org can be
      in, as <code>npm run doctor</code> checks for.
    </p>
    <form method="post" action="${BASE}/org-setup" class="settings">
      <fieldset>
        <legend>What the org has set up</legend>
        ${switches.map(
          ([name, on]) =>
            html`<p class="check">
              <input type="checkbox" id="org-${name}" name="on" value="${name}" ${on ? html`checked` : ""} />
              <label for="org-${name}">${name}</label>
            </p>`,
        )}
      </fieldset>
      <fieldset>
        <legend>Usernames (comma-separated)</legend>
        ${lists.map(([name, users]) => field(`org-${name}`, name, { name, value: users.join(", ") }))}
      </fieldset>
      <button type="submit">Save the org setup</button>
    </form>
    ${actionForm(`${BASE}/org-setup/correct`, "Back to a correct setup")}`;
}

export function statesPage(states: SavedStates): Html {
  const list = states.list();
  return html`<section aria-labelledby="saved">
      <h2 id="saved">Saved states</h2>
      ${
        list.length
          ? html`<table>
              <caption>
                States saved in this run of the emulator
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Saved (virtual clock)</th>
                  <th scope="col">Size</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                ${list.map(
                  (s) =>
                    html`<tr>
                      <th scope="row">${s.name}</th>
                      <td>${s.savedAt}</td>
                      <td>${Math.round(s.bytes / 1024)} KB</td>
                      <td class="actions">
                        ${actionForm(`${BASE}/states/load`, `Load ${s.name}`, hidden("name", s.name))}
                        <a href="${BASE}/states/${encodeURIComponent(s.name)}/file" download="${s.name}.db"
                          >Download ${s.name}</a
                        >
                        ${actionForm(`${BASE}/states/delete`, `Delete ${s.name}`, hidden("name", s.name))}
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p>No state saved yet.</p>`
      }
    </section>
    <section aria-labelledby="save">
      <h2 id="save">Save the store's data</h2>
      ${actionForm(
        `${BASE}/states/save`,
        "Save",
        field("s-name", "Name (letters, digits, - and _)", { name: "name", required: true }),
        "edit",
      )}
    </section>
    <section aria-labelledby="upload">
      <h2 id="upload">Upload a state file</h2>
      <form method="post" action="${BASE}/states/upload" enctype="multipart/form-data" class="edit">
        ${field("u-name", "Name to keep it under", { name: "name", required: true })}
        ${field("u-file", "State file (a .db a download gave)", { name: "file", type: "file", required: true })}
        <button type="submit">Upload</button>
      </form>
    </section>`;
}
