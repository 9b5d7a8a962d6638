/**
 * Failing fast while the API is down, and noticing by itself when it is back: one circuit breaker per API host, and a
 * time limit on every call.
 *
 * Without them every page of an outage spent its whole retry budget (a second) on doomed calls, and a slow org held
 * a worker for as long as it took to answer: under load the workers filled with requests nobody would get an answer
 * to. The breaker remembers that the host is down:
 * - closed: calls go through; `failureThreshold` consecutive availability failures (502, 503, 504, no connection,
 *   no answer within the call's time limit) open it; any other answer (a 404 or a 400 included: the host answered)
 *   counts as a success and resets the count;
 * - open: calls fail at once (an HTTP-like 503 the pages turn into the store's own 503 page, or stale catalog
 *   answers) for `coolOffMs`;
 * - half-open: after the cool-off, one call at a time is let through as a probe: an answer closes the breaker, a
 *   failure opens it again for another cool-off.
 *
 * A few lines rather than a library: the well-known one (opossum) wraps a function with its own timers (rolling
 * statistics buckets, a reset timer) and opens on a failure percentage over a time window. Here the state changes only
 * when a call starts or ends, on an injectable clock (tests move time instead of waiting), and the rule is
 * "N consecutive failures", which an outage (every call failing) trips at once and a single slow call never does.
 *
 * The breakers are process-wide: every client of the process talks to the same hosts. They are kept on `globalThis`
 * because the Remix server bundle may hold a second copy of this module (see errors.ts); both copies must see one
 * state. `breakerState()` is what a readiness check reports.
 */

export type BreakerStatus = "closed" | "open" | "half-open";

export interface BreakerSettings {
  /** Consecutive availability failures that open a host's breaker (env WEBSTORE_BREAKER_FAILURES, default 5). */
  failureThreshold: number;
  /** How long an open breaker refuses calls before a probe (env WEBSTORE_BREAKER_COOLOFF_MS, default 30 s). */
  coolOffMs: number;
  /**
   * Time limit of one attempt of a read (GET, HEAD) while a page renders (env WEBSTORE_READ_TIMEOUT_MS, default 5 s):
   * a catalog read of a healthy org takes well under a second; past five the shopper is better served by a stale
   * page or the store's own 503 page than by waiting.
   */
  readTimeoutMs: number;
  /**
   * Time limit of one attempt of a write (env WEBSTORE_WRITE_TIMEOUT_MS, default 20 s): writes (placing an order,
   * authorising a payment) may legitimately take longer, and one cut short leaves the shopper unsure whether it
   * happened, so their limit is generous; it only stops a hung org from holding the worker for minutes.
   */
  writeTimeoutMs: number;
  /** The clock of the cool-off. */
  now: () => number;
}

export interface HostBreakerState {
  host: string;
  state: BreakerStatus;
  consecutiveFailures: number;
  /** ISO time the breaker last opened; null when it never did. */
  openedAt: string | null;
  /** While open: when the next probe may go (ISO time). */
  probeAt: string | null;
}

export interface BreakersState {
  /** True when no host's breaker is open (a half-open one is letting probes through). */
  ok: boolean;
  hosts: HostBreakerState[];
}

function envNumber(name: string, fallback: number): number {
  const raw = typeof process !== "undefined" ? process.env?.[name] : undefined;
  const value = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function defaultBreakerSettings(): BreakerSettings {
  return {
    failureThreshold: Math.floor(envNumber("WEBSTORE_BREAKER_FAILURES", 5)),
    coolOffMs: envNumber("WEBSTORE_BREAKER_COOLOFF_MS", 30_000),
    readTimeoutMs: envNumber("WEBSTORE_READ_TIMEOUT_MS", 5_000),
    writeTimeoutMs: envNumber("WEBSTORE_WRITE_TIMEOUT_MS", 20_000),
    now: Date.now,
  };
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private probing = false;

  constructor(
    readonly host: string,
    private readonly settings: () => BreakerSettings,
  ) {}

  get state(): BreakerStatus {
    if (this.openedAt === null) return "closed";
    return this.settings().now() - this.openedAt < this.settings().coolOffMs ? "open" : "half-open";
  }

  /** Whether a call may go now; a half-open breaker lets one probe through at a time. */
  admit(): boolean {
    const state = this.state;
    if (state === "closed") return true;
    if (state === "open" || this.probing) return false;
    this.probing = true;
    return true;
  }

  /** The host answered. */
  succeeded(): void {
    if (this.openedAt !== null) log(`${this.host} answered again: calls go through (circuit closed).`);
    this.failures = 0;
    this.openedAt = null;
    this.probing = false;
  }

  /** The host failed to answer (an availability failure). */
  failed(): void {
    this.failures++;
    const wasProbe = this.probing;
    this.probing = false;
    if (wasProbe || (this.openedAt === null && this.failures >= this.settings().failureThreshold)) {
      this.openedAt = this.settings().now();
      log(
        `${this.host} is not answering (${this.failures} failures in a row): calls fail at once for ` +
          `${Math.round(this.settings().coolOffMs / 1000)} s, then one probe (circuit open).`,
      );
    }
  }

  /** Ends a probe that neither succeeded nor failed (the caller gave up): the next call may probe. */
  released(): void {
    this.probing = false;
  }

  /** Milliseconds until an open breaker lets a probe through; 0 when it is not open. */
  msUntilProbe(): number {
    if (this.openedAt === null) return 0;
    return Math.max(0, this.openedAt + this.settings().coolOffMs - this.settings().now());
  }

  report(): HostBreakerState {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const state = this.state;
    return {
      host: this.host,
      state,
      consecutiveFailures: this.failures,
      openedAt: iso(this.openedAt),
      probeAt: state === "open" ? iso(this.openedAt! + this.settings().coolOffMs) : null,
    };
  }
}

function log(message: string): void {
  console.warn(`[webstore] ${message}`);
}

interface Registry {
  settings: BreakerSettings;
  breakers: Map<string, CircuitBreaker>;
}

const REGISTRY = Symbol.for("storefront.webstore.breakers");

function registry(): Registry {
  const scope = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  return (scope[REGISTRY] ??= { settings: defaultBreakerSettings(), breakers: new Map() });
}

/** The settings every breaker and time limit uses now. */
export function breakerSettings(): BreakerSettings {
  return registry().settings;
}

/** Changes the settings (tests: a short cool-off, a clock they move, short time limits); unset keys stay. */
export function configureBreakers(settings: Partial<BreakerSettings>): void {
  const current = registry();
  current.settings = { ...current.settings, ...settings };
}

/** Every host's breaker closed and forgotten, the settings back to their defaults (env) unless `keepSettings`. */
export function resetBreakers(options: { keepSettings?: boolean } = {}): void {
  const current = registry();
  current.breakers.clear();
  if (!options.keepSettings) current.settings = defaultBreakerSettings();
}

/** The breaker of the host `url` names. */
export function breakerFor(url: string): CircuitBreaker {
  const host = new URL(url).host;
  const { breakers } = registry();
  let breaker = breakers.get(host);
  if (!breaker) {
    breaker = new CircuitBreaker(host, () => registry().settings);
    breakers.set(host, breaker);
  }
  return breaker;
}

/** What a readiness check reports: every API host this process has called, and whether its breaker is open. */
export function breakerState(): BreakersState {
  const hosts = [...registry().breakers.values()].map((b) => b.report());
  return { ok: hosts.every((h) => h.state !== "open"), hosts };
}

/**
 * Seconds a shopper is told to wait (`Retry-After`) when the API is unavailable: until the first open breaker lets a
 * probe through, else one cool-off; at least one second.
 */
export function retryAfterSeconds(): number {
  const waits = [...registry().breakers.values()].map((b) => b.msUntilProbe()).filter((ms) => ms > 0);
  const ms = waits.length > 0 ? Math.min(...waits) : registry().settings.coolOffMs;
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * `breakerState()` as a readiness check's answer (`registerReadinessCheck("webstore circuit", breakerCheck)`): not
 * ready while a host's breaker is open, the detail naming the hosts whose breaker is not closed.
 */
export function breakerCheck(): { ok: boolean; detail?: string } {
  const { ok, hosts } = breakerState();
  const detail = hosts
    .filter((h) => h.state !== "closed")
    .map((h) => (h.state === "open" ? `${h.host} open until ${h.probeAt}` : `${h.host} half-open`))
    .join(", ");
  return detail ? { ok, detail } : { ok };
}
