/**
 * The console's HTML, written as tagged template strings: every value put into a template is escaped unless it is
 * itself a template's result (a `Html` value), so a product name or a journal path can never become markup.
 */

/** Markup that is safe to put into a page as it is: made by `html`, or `raw` on a string known to be markup. */
export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

type Value = Html | string | number | boolean | null | undefined | Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

export const raw = (text: string) => new Html(text);

/** A request a browser's form sent (as opposed to a JSON client of the controls). */
export function isFormPost(req: Request): boolean {
  const type = req.headers.get("content-type") ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

/** The answer to a form's POST: 303, so the browser GETs the page it is sent to (a reload never posts again). */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location } });
}

export function page(body: Html, status = 200): Response {
  return new Response(`<!doctype html>\n${body.text}`, {
    status,
    headers: {
      "Content-Type": "text/html;charset=UTF-8",
      // A control panel's pages show the store as it is now: never a copy.
      "Cache-Control": "no-store",
    },
  });
}
