/**
 * Parity of two recordings of the same suite, endpoint by endpoint (method and path template): the statuses each
 * answered, and for a status both answered, the key paths of its answers — missing from the check, extra in it,
 * or of other types.
 */
import type { RecordedRequest, Shape } from "./shape.js";

interface EndpointAnswers {
  statuses: number[];
  /** By status: the key paths of every answer with it, their types merged. */
  shapes: Map<number, Shape>;
}

export interface TypeMismatch {
  path: string;
  recorded: string;
  checked: string;
}

export interface EndpointParity {
  endpoint: string;
  /** The statuses of the recording's answers; empty when the check alone called the endpoint. */
  recorded: number[];
  /** The statuses of the check's answers; empty when the check never called it. */
  checked: number[];
  /** Key paths (with their recorded types) the check's answers lack, of statuses both answered. */
  missing: { path: string; type: string }[];
  /** Key paths (with their checked types) only the check's answers have. */
  extra: { path: string; type: string }[];
  types: TypeMismatch[];
  atParity: boolean;
}

const endpointOf = (r: Pick<RecordedRequest, "method" | "path">) => `${r.method} ${r.path}`;

function mergeTypes(a: string | undefined, b: string): string {
  if (!a) return b;
  return [...new Set([...a.split("|"), ...b.split("|")])].sort().join("|");
}

/**
 * The answers of each endpoint: a redirect's Location parameters count as key paths (`Location?code`), so an
 * OAuth redirect that loses its code is a difference too.
 */
export function byEndpoint(requests: RecordedRequest[]): Map<string, EndpointAnswers> {
  const out = new Map<string, EndpointAnswers>();
  for (const r of requests) {
    const key = endpointOf(r);
    let answers = out.get(key);
    if (!answers) out.set(key, (answers = { statuses: [], shapes: new Map() }));
    if (!answers.statuses.includes(r.status)) answers.statuses.push(r.status);
    const shape = answers.shapes.get(r.status) ?? {};
    for (const [path, type] of Object.entries(r.response)) shape[path] = mergeTypes(shape[path], type);
    for (const name of r.location ?? []) shape[`Location?${name}`] = "param";
    answers.shapes.set(r.status, shape);
  }
  for (const answers of out.values()) answers.statuses.sort((a, b) => a - b);
  return out;
}

export function compare(recorded: RecordedRequest[], checked: RecordedRequest[]): EndpointParity[] {
  const before = byEndpoint(recorded);
  const after = byEndpoint(checked);
  const endpoints = [...new Set([...before.keys(), ...after.keys()])];
  return endpoints.map((endpoint) => {
    const a = before.get(endpoint);
    const b = after.get(endpoint);
    const result: EndpointParity = {
      endpoint,
      recorded: a?.statuses ?? [],
      checked: b?.statuses ?? [],
      missing: [],
      extra: [],
      types: [],
      atParity: false,
    };
    for (const status of result.recorded.filter((s) => result.checked.includes(s))) {
      const was = a!.shapes.get(status)!;
      const is = b!.shapes.get(status)!;
      for (const [path, type] of Object.entries(was)) {
        if (!(path in is)) result.missing.push({ path, type });
        else if (is[path] !== type) result.types.push({ path, recorded: type, checked: is[path] });
      }
      for (const [path, type] of Object.entries(is)) if (!(path in was)) result.extra.push({ path, type });
    }
    result.atParity =
      result.recorded.join() === result.checked.join() &&
      result.missing.length + result.extra.length + result.types.length === 0;
    return result;
  });
}

/** Endpoints as lines of a list: methods padded to the longest, so the paths line up. */
export function endpointLabel(endpoints: string[]) {
  const split = (endpoint: string) => {
    const space = endpoint.indexOf(" ");
    return [endpoint.slice(0, space), endpoint.slice(space + 1)];
  };
  const methodWidth = Math.max(0, ...endpoints.map((e) => split(e)[0].length));
  return (endpoint: string) => {
    const [method, path] = split(endpoint);
    return `${method.padEnd(methodWidth)} ${path}`;
  };
}

/** The report `check` prints: one line per endpoint (✓ or ✗), what differs under each ✗, and the total. */
export function formatParity(results: EndpointParity[], labels = { recorded: "recorded", checked: "emulator" }) {
  const lines: string[] = [];
  const label = endpointLabel(results.map((r) => r.endpoint));
  const width = Math.max(0, ...results.map((r) => label(r.endpoint).length));
  const statuses = (s: number[]) => (s.length ? s.join(",") : "—");
  for (const r of results) {
    const status =
      r.recorded.join() === r.checked.join()
        ? statuses(r.recorded)
        : `${statuses(r.recorded)} → ${statuses(r.checked)}`;
    lines.push(`${r.atParity ? "✓" : "✗"} ${label(r.endpoint).padEnd(width)}  ${status}`);
    if (r.recorded.join() !== r.checked.join()) {
      const note = !r.checked.length
        ? ` (the ${labels.checked} was never asked)`
        : !r.recorded.length
          ? ` (never asked when recorded)`
          : "";
      lines.push(
        `    status: ${labels.recorded} ${statuses(r.recorded)}, ${labels.checked} ${statuses(r.checked)}${note}`,
      );
    }
    for (const m of r.missing) lines.push(`    missing: ${m.path} (${m.type})`);
    for (const e of r.extra) lines.push(`    extra: ${e.path} (${e.type})`);
    for (const t of r.types)
      lines.push(`    type: ${t.path} is ${t.recorded} (${labels.recorded}), ${t.checked} (${labels.checked})`);
  }
  const at = results.filter((r) => r.atParity).length;
  lines.push("", `${at} of ${results.length} endpoints at parity`);
  return lines;
}
