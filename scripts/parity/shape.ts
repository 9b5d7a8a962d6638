/**
 * What a parity recording keeps of one request and its answer: their shapes, never their values. A recording made
 * against an org is sent to the project as an issue attachment, so nothing in it may say who shopped, what they
 * bought, which org it was or what its tokens were (docs/parity.md).
 */
import { KEY_PREFIX } from "../../server/emulator/core/ids.js";

/** A JSON value's key paths (`$`, `$.items`, `$.items[].id`), each with its type, or types joined by `|`. */
export type Shape = Record<string, string>;

export interface RecordedRequest {
  /** The contract test that made the request (the suite's own words). */
  test: string;
  method: string;
  /** The path within the site, its ids as `{name}` (the emulator's route pattern) or `{id}`. */
  path: string;
  /** The query's parameter names, sorted. */
  query: string[];
  /** The names of the headers the client set, sorted. */
  headers: string[];
  /** The request body's shape; null when it had none. */
  body: Shape | null;
  status: number;
  /** The answer's media type (`application/json`), without its parameters; null when it had none. */
  contentType: string | null;
  /** A redirect's Location: its query parameter names, sorted (an OAuth code's `code`, `sfdc_community_url` …). */
  location: string[] | null;
  /** The answer's shape. */
  response: Shape;
}

/** The suite a recording runs: the part of the contract that may run against a real org. */
export const SUITE = "tests/contract/org-safe.test.ts";
export const FORMAT = "webstore-parity/1";

/** A recording file (docs/parity.md). */
export interface Recording {
  format: typeof FORMAT;
  /** The day it was recorded (UTC). */
  recordedAt: string;
  /** What answered: an org, or the emulator. */
  target: "org" | "emulator";
  apiVersion: string;
  suite: string;
  /** The suite's tests and how each ended: a failed test's later requests were never made. */
  tests: { name: string; status: string }[];
  requests: RecordedRequest[];
}

export type RoutePattern = { method: string; segments: string[] };

/**
 * Key prefixes of the records whose ids appear in webstore paths and answers: the emulator's own (KEY_PREFIX), and
 * those of records it only refers to — the webstore (0ZE), its site (0DB), the org (00D), a contact (003), a buyer
 * group (0ZI), a price book (01s), an order (801), a location group (0gh).
 */
const ID_PREFIXES = new Set<string>([
  ...Object.values(KEY_PREFIX),
  "0ZE",
  "0DB",
  "00D",
  "003",
  "0ZI",
  "01s",
  "801",
  "0gh",
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A Salesforce id (15 or 18 characters) or a UUID. An id-shaped text of an unknown prefix that mixes letters and
 * digits counts too: an id left in a path or a key would leave the org in the file.
 */
export function isIdLike(text: string): boolean {
  if (UUID.test(text)) return true;
  if (!/^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(text)) return false;
  return ID_PREFIXES.has(text.slice(0, 3)) || (/\d/.test(text) && /[a-zA-Z]/.test(text));
}

/** What a path segment the emulator has no route for becomes: ids, numbers and anything with an `@` are `{id}`. */
const genericSegment = (segment: string) =>
  isIdLike(segment) || /^\d+$/.test(segment) || segment.includes("@") ? "{id}" : segment;

/**
 * A request's path as a template: the part from `/services/` on (an org's site prefix, `/store`, is the org's;
 * its answers may send API calls to another host, always under `/services/`), matched against the emulator's route
 * patterns — a literal segment beats a parameter, a route of the request's method beats another's — and otherwise
 * with its id-shaped segments replaced.
 */
export function templatePath(pathname: string, routes: RoutePattern[], method: string, basePath = ""): string {
  const at = pathname.indexOf("/services/");
  const within = at >= 0 ? pathname.slice(at) : pathname.startsWith(basePath) ? pathname.slice(basePath.length) : "";
  const parts = within.split("/").filter(Boolean).map(safeDecode);
  let best: { route: RoutePattern; literals: number } | null = null;
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    if (!route.segments.every((s, i) => s.startsWith(":") || s === parts[i])) continue;
    const literals = route.segments.filter((s) => !s.startsWith(":")).length + (route.method === method ? 0.5 : 0);
    if (!best || literals > best.literals) best = { route, literals };
  }
  const segments = best
    ? best.route.segments.map((s, i) => (s.startsWith(":") ? `{${s.slice(1)}}` : parts[i]))
    : parts.map(genericSegment);
  return `/${segments.join("/")}`;
}

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}

/**
 * A JSON value's key paths with their types; an array's elements share one path (`[]`), their types and keys
 * merged. Keys that are ids (a map keyed by product id) are `{id}`: a key can be a value too.
 */
export function shapeOf(value: unknown): Shape {
  const shape: Shape = {};
  const add = (path: string, type: string) => {
    const known = shape[path];
    if (!known) shape[path] = type;
    else if (!known.split("|").includes(type)) shape[path] = [...known.split("|"), type].sort().join("|");
  };
  const walk = (path: string, v: unknown) => {
    add(path, typeOf(v));
    if (Array.isArray(v)) for (const item of v) walk(`${path}[]`, item);
    else if (v && typeof v === "object")
      for (const [key, child] of Object.entries(v)) walk(`${path}.${isIdLike(key) ? "{id}" : key}`, child);
  };
  walk("$", value);
  return sortShape(shape);
}

export const sortShape = (shape: Shape): Shape =>
  Object.fromEntries(Object.entries(shape).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * A body's shape by its text and media type: JSON as its key paths; a form (`a=1&b=2`) as `$: form` and its field
 * names; an empty body as `$: empty`; anything else as `$: text`.
 */
export function bodyShape(text: string, contentType: string | null): Shape {
  if (text === "") return { $: "empty" };
  if (contentType === "application/x-www-form-urlencoded") {
    const shape: Shape = { $: "form" };
    for (const name of new URLSearchParams(text).keys()) shape[`$.${isIdLike(name) ? "{id}" : name}`] = "string";
    return sortShape(shape);
  }
  try {
    return shapeOf(JSON.parse(text));
  } catch {
    return { $: "text" };
  }
}

export const mediaType = (header: string | null) => header?.split(";")[0].trim().toLowerCase() || null;

/** Headers every client sends whatever the call: not part of a request's shape. */
const COMMON_HEADERS = new Set(["accept", "accept-encoding", "accept-language", "connection", "content-length"]);

/** One request and its answer as a recording holds them. */
export async function recordExchange(
  req: Request,
  res: Response,
  routes: RoutePattern[],
  test: string,
  basePath = "",
): Promise<RecordedRequest> {
  const url = new URL(req.url);
  const requestType = mediaType(req.headers.get("content-type"));
  const requestText = req.body ? await req.text() : "";
  const contentType = mediaType(res.headers.get("content-type"));
  const location = res.headers.get("location");
  return {
    test,
    method: req.method,
    path: templatePath(url.pathname, routes, req.method, basePath),
    query: names(url.searchParams),
    headers: [...new Set([...req.headers.keys()].map((h) => h.toLowerCase()))]
      .filter((h) => !COMMON_HEADERS.has(h))
      .sort(),
    body: requestText === "" ? null : bodyShape(requestText, requestType),
    status: res.status,
    contentType,
    location: location === null ? null : names(new URL(location, url).searchParams),
    response: bodyShape(await res.text(), contentType),
  };
}

const names = (params: URLSearchParams) => [...new Set(params.keys())].map((n) => (isIdLike(n) ? "{id}" : n)).sort();
