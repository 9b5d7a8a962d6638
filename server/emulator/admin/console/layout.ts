import { html, type Html } from "./html.js";

/** Where the console lives: the page at the controls' root, the rest below /__emulator/console/. */
export const ROOT = "/__emulator/";
export const BASE = "/__emulator/console";

const NAV: { href: string; label: string; section: string }[] = [
  { href: ROOT, label: "Overview", section: "overview" },
  { href: `${BASE}/data`, label: "Data", section: "data" },
  { href: `${BASE}/journal`, label: "Journal", section: "journal" },
  { href: `${BASE}/outbox`, label: "Outbox", section: "outbox" },
  { href: `${BASE}/faults`, label: "Faults", section: "faults" },
  { href: `${BASE}/org-setup`, label: "Org setup", section: "org-setup" },
  { href: `${BASE}/states`, label: "States", section: "states" },
];

export interface Shell {
  title: string;
  section: string;
  /** `?notice=` / `?error=` of the redirect after an action: what it did, or why it didn't. */
  query: URLSearchParams;
}

/**
 * Every console page: a skip link, the console's own CSS and script (nothing of the store's), a nav with the current
 * page marked, and the outcome of the last action as a status (or an alert when it failed).
 */
export function layout({ title, section, query }: Shell, body: Html): Html {
  const notice = query.get("notice");
  const error = query.get("error");
  return html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>${title} · Emulator console</title>
      <link rel="stylesheet" href="${ROOT}console.css" />
      <script src="${ROOT}console.js" defer></script>
    </head>
    <body>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <p class="brand"><a href="${ROOT}">Emulator console</a></p>
        <nav aria-label="Console">
          <ul>
            ${NAV.map(
              (n) =>
                html`<li>
                  <a href="${n.href}" ${n.section === section ? html`aria-current="page"` : ""}>${n.label}</a>
                </li>`,
            )}
          </ul>
        </nav>
      </header>
      <main id="main" tabindex="-1">
        <h1>${title}</h1>
        ${error ? html`<p class="message error" role="alert">${error}</p>` : ""}
        ${notice ? html`<p class="message" role="status">${notice}</p>` : ""} ${body}
      </main>
    </body>
  </html>`;
}

/** A form that POSTs to one of the console's actions (303 back), with its fields and one submit button. */
export function actionForm(action: string, label: string, fields: Html | string = "", className = "inline"): Html {
  return html`<form method="post" action="${action}" class="${className}">
    ${fields}<button type="submit">${label}</button>
  </form>`;
}

export const hidden = (name: string, value: string | number) =>
  html`<input type="hidden" name="${name}" value="${String(value)}" />`;

/** A labelled input (label before it, for attribute tied to its id). */
export function field(
  id: string,
  label: string,
  input: { name: string; type?: string; value?: string | number; required?: boolean },
): Html {
  return html`<p class="field">
    <label for="${id}">${label}</label>
    <input
      id="${id}"
      name="${input.name}"
      type="${input.type ?? "text"}"
      value="${input.value === undefined ? "" : String(input.value)}"
      ${input.required ? html`required` : ""}
    />
  </p>`;
}

/** "Next page" links keep the page's other query parameters. */
export function withQuery(path: string, query: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(query);
  next.delete("notice");
  next.delete("error");
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") next.delete(k);
    else next.set(k, v);
  }
  const q = next.toString();
  return q ? `${path}?${q}` : path;
}

export const prettyJson = (value: unknown) => html`<pre class="json">${JSON.stringify(value, null, 2)}</pre>`;
