import autocannon from "autocannon";
import { CONNECTIONS, SECONDS } from "./config.js";

// Load: a page under autocannon's connections, one session cookie each; the markup the bare page renders.

export interface Row {
  page: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(page: string, url: string, cookies: string[]): Promise<Row> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      headers: { "accept-encoding": "gzip" },
      setupClient: (client) => {
        const index = next++;
        client.setHeaders({
          "accept-encoding": "gzip",
          ...(cookies.length ? { cookie: cookies[index % cookies.length] } : {}),
        });
      },
    });
  let next = 0;
  await run(1); // warm-up: caches, JIT
  next = 0;
  const result = await run(SECONDS);
  return {
    page,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** The body of a page without its scripts: what the bare page renders from a constant. */
export function bodyMarkup(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
  return body.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
}
