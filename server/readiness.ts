/**
 * `GET /readyz`: may a load balancer send this instance shoppers? Yes when every check passes: the webstore API
 * answers, Redis answers (when REDIS_URL is set), and whatever else registers a check (registerReadinessCheck: e.g.
 * the API client's circuit breaker). No while the instance drains for a stop (SIGTERM). `GET /healthz` stays the
 * liveness answer: the process serves requests at all.
 */

export interface CheckResult {
  ok: boolean;
  /** A short word or phrase for an operator: "answered 401", "timed out", "open". */
  detail?: string;
}

export type ReadinessCheck = () => CheckResult | Promise<CheckResult>;

/** Checks added from outside the server (other modules' state); every server's /readyz runs them. */
const registered = new Map<string, ReadinessCheck>();

/** Adds (or replaces) a named check every instance's /readyz runs. */
export function registerReadinessCheck(name: string, check: ReadinessCheck): void {
  registered.set(name, check);
}

/** A check that takes longer than this has failed: a probe must answer quickly. */
export const CHECK_TIMEOUT_MS = 2_000;

async function runCheck(check: ReadinessCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(check),
      new Promise<CheckResult>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, detail: "timed out" }), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export interface Readiness {
  ok: boolean;
  draining: boolean;
  checks: Record<string, CheckResult>;
}

/** Runs the server's own checks and the registered ones, all at once. */
export async function readiness(own: Record<string, ReadinessCheck>, draining: boolean): Promise<Readiness> {
  const all = [...Object.entries(own), ...registered.entries()];
  const results = await Promise.all(all.map(async ([name, check]) => [name, await runCheck(check)] as const));
  const checks = Object.fromEntries(results);
  return { ok: !draining && results.every(([, r]) => r.ok), draining, checks };
}

/**
 * The API is reachable: any HTTP answer below 500 to an unauthenticated GET of the REST root (an org answers 401 or
 * a list of versions; what matters is that something at the other end answers).
 */
export function apiCheck(fetchApi: (req: Request) => Promise<Response>, siteUrl: string): ReadinessCheck {
  return async () => {
    const res = await fetchApi(new Request(`${siteUrl.replace(/\/$/, "")}/services/data/`, { method: "GET" }));
    await res.arrayBuffer().catch(() => undefined);
    return res.status < 500 ? { ok: true } : { ok: false, detail: `answered ${res.status}` };
  };
}
