/**
 * The storefront's limits on what costs the org or a person something: new guest identities and carts (the org's API
 * allowance and its data), verification codes mailed (a shopper's inbox), codes tried (a guess at an account). One
 * table (DEFAULT_LIMITS, documented with its reasons in docs/limits.md), one mechanism: the sign-in throttle's
 * (rate-limiter.ts). Counted in Redis when REDIS_URL is set (every instance sees the same counts), in this process's
 * memory otherwise.
 *
 * Every rule is a fixed window: its points may all be spent at once (a burst: an office's first actions after a
 * meeting), and none more until the window that the first one started has passed.
 */
import type { Redis } from "ioredis";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { forgetCounts, rateLimiter, retryAfterSeconds } from "./rate-limiter.js";

export interface LimitRule {
  /** How many the key may have within the window. */
  points: number;
  windowSeconds: number;
}

/** The limits' table; docs/limits.md says why each number is what it is. */
export const DEFAULT_LIMITS = {
  /** New guest identities (a Headless Guest Flow token exchange for a new UVID) per client address. */
  guestIdentityPerAddress: { points: 30, windowSeconds: 60 },
  /** Carts created per shopper identity (a guest's UVID, a buyer's user id). */
  cartPerIdentity: { points: 10, windowSeconds: 60 * 60 },
  /** Carts created per client address. */
  cartPerAddress: { points: 30, windowSeconds: 60 },
  /** Password reset codes asked for (Headless Forgot Password), per client address. */
  resetRequestPerAddress: { points: 5, windowSeconds: 15 * 60 },
  /** Password reset codes asked for, per e-mail address typed (whether an account uses it or not). */
  resetRequestPerEmail: { points: 3, windowSeconds: 60 * 60 },
  /** Registrations started (Headless Registration mails a code), per client address. */
  registrationPerAddress: { points: 5, windowSeconds: 15 * 60 },
  /** Registrations started per e-mail address typed. */
  registrationPerEmail: { points: 3, windowSeconds: 60 * 60 },
  /** Wrong codes per code (a registration, an account's latest reset code): past it the code is void. */
  codeFailuresPerCode: { points: 5, windowSeconds: 60 * 60 },
  /** Wrong codes per account (e-mail address), across the codes it was sent. */
  codeFailuresPerAccount: { points: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type LimitTable = Record<LimitName, LimitRule>;

/** Whether a request may go on; refused: which limit refused it and how long until it may. */
export type LimitVerdict = { allowed: true } | { allowed: false; limit: LimitName; retryAfterSeconds: number };

/** One limit and the key it counts (an address, an e-mail, a code). */
export type LimitCheck = readonly [LimitName, string | undefined];

const PREFIX = "limit-";

/**
 * A key as counted: e-mail addresses and usernames are case-insensitive, and surrounding spaces are not part of them;
 * a request without a known address shares one bucket (the limit fails closed, not open).
 */
export const limitKey = (key: string | undefined) => key?.trim().toLowerCase() || "unknown";

export class Limits {
  private limiters!: Record<LimitName, RateLimiterAbstract>;

  constructor(
    readonly table: LimitTable = DEFAULT_LIMITS,
    private readonly redis?: Redis,
  ) {
    this.create();
  }

  /**
   * Spends one point of each check in turn, and refuses at the first that has none left (the later ones are not
   * spent). Each spend is atomic (in Redis, one script), so concurrent requests never pass a limit together.
   */
  async take(...checks: LimitCheck[]): Promise<LimitVerdict> {
    for (const [limit, key] of checks) {
      try {
        await this.limiters[limit].consume(limitKey(key));
      } catch (error) {
        if (error instanceof RateLimiterRes) return refused(limit, error.msBeforeNext);
        throw error;
      }
    }
    return { allowed: true };
  }

  /** Whether every check has a point left, spending none (the longest wait when not). */
  async peek(...checks: LimitCheck[]): Promise<LimitVerdict> {
    const counts = await Promise.all(checks.map(([limit, key]) => this.limiters[limit].get(limitKey(key))));
    let verdict: LimitVerdict = { allowed: true };
    counts.forEach((count, i) => {
      const limit = checks[i]![0];
      if (!count || count.consumedPoints < this.table[limit].points) return;
      const wait = refused(limit, count.msBeforeNext);
      if (verdict.allowed || wait.retryAfterSeconds > verdict.retryAfterSeconds) verdict = wait;
    });
    return verdict;
  }

  /** Counts one for each check without refusing (a wrong code: the decision is the next `peek`'s). */
  async count(...checks: LimitCheck[]): Promise<void> {
    await Promise.all(checks.map(([limit, key]) => this.limiters[limit].penalty(limitKey(key), 1)));
  }

  /** The key starts again from zero (a new code was sent: the old one's failures are no longer its). */
  async forget(limit: LimitName, key: string | undefined): Promise<void> {
    await this.limiters[limit].delete(limitKey(key));
  }

  /** Forgets every count (the emulator's reset): this process's, and with Redis every instance's. */
  async clear(): Promise<void> {
    this.create();
    await forgetCounts(this.redis, [PREFIX]);
  }

  private create(): void {
    const limiter = (name: LimitName): RateLimiterAbstract =>
      rateLimiter(this.redis, `${PREFIX}${name}`, this.table[name].points, this.table[name].windowSeconds);
    this.limiters = Object.fromEntries(
      (Object.keys(this.table) as LimitName[]).map((name) => [name, limiter(name)]),
    ) as Record<LimitName, RateLimiterAbstract>;
  }
}

function refused(
  limit: LimitName,
  msBeforeNext: number,
): { allowed: false; limit: LimitName; retryAfterSeconds: number } {
  return { allowed: false, limit, retryAfterSeconds: retryAfterSeconds(msBeforeNext) };
}

/** "1 minute", "12 minutes": a wait in whole minutes, rounded up, as the pages say it. */
export function minutesToWait(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
