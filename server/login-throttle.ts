/**
 * Sign-in throttling: failed logins are counted per account (the typed username) and per client (its address);
 * once either has reached its limit within the window, the login page refuses further attempts (429) until the
 * window started by the first failure has passed. A successful login clears its account's count (not the
 * client's: one account of their own must not let a client guess at others').
 *
 * Counted by server/rate-limiter.ts: in this process's memory, or in Redis (REDIS_URL) where every instance sees the
 * same counts.
 */
import type { Redis } from "ioredis";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { clientKey, forgetCounts, rateLimiter, retryAfterSeconds } from "./rate-limiter.js";

export interface LoginThrottleLimits {
  /** Failures an account may have within the window. */
  perAccount: number;
  /** Failures a client (address) may have within the window, across accounts. */
  perClient: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginThrottleLimits = { perAccount: 5, perClient: 20, windowSeconds: 15 * 60 };

export type LoginThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The account's key: usernames are case-insensitive, and surrounding spaces are not part of them. */
export const accountKey = (username: string) => username.trim().toLowerCase();

export class LoginThrottle {
  private accounts!: RateLimiterAbstract;
  private clients!: RateLimiterAbstract;

  constructor(
    readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS,
    private readonly redis?: Redis,
  ) {
    this.create();
  }

  /** Whether `username` may try to sign in from `client` now. */
  async check(username: string, client: string | undefined): Promise<LoginThrottleVerdict> {
    const [account, byClient] = await Promise.all([
      this.accounts.get(accountKey(username)),
      this.clients.get(clientKey(client)),
    ]);
    const waits = [
      account && account.consumedPoints >= this.limits.perAccount ? account.msBeforeNext : 0,
      byClient && byClient.consumedPoints >= this.limits.perClient ? byClient.msBeforeNext : 0,
    ];
    const waitMs = Math.max(...waits);
    return waitMs > 0 ? { allowed: false, retryAfterSeconds: retryAfterSeconds(waitMs) } : { allowed: true };
  }

  /** A refused password (or unknown username): one more failure for the account and for the client. */
  async recordFailure(username: string, client: string | undefined): Promise<void> {
    // `penalty` counts without refusing: the decision is `check`'s, so a count past the limit is no error here.
    await Promise.all([this.accounts.penalty(accountKey(username), 1), this.clients.penalty(clientKey(client), 1)]);
  }

  /** A successful login: the account starts again from zero. */
  async recordSuccess(username: string): Promise<void> {
    await this.accounts.delete(accountKey(username));
  }

  /**
   * Forgets every count (the emulator's reset: each test starts from a store nobody has tried to sign in to): this
   * process's, and with Redis every instance's.
   */
  async clear(): Promise<void> {
    this.create();
    await forgetCounts(this.redis, [`${ACCOUNT_PREFIX}:`, `${CLIENT_PREFIX}:`]);
  }

  private create(): void {
    const limiter = (keyPrefix: string, points: number) =>
      rateLimiter(this.redis, keyPrefix, points, this.limits.windowSeconds);
    this.accounts = limiter(ACCOUNT_PREFIX, this.limits.perAccount);
    this.clients = limiter(CLIENT_PREFIX, this.limits.perClient);
  }
}

const ACCOUNT_PREFIX = "login-account";
const CLIENT_PREFIX = "login-client";

/** The login page's message for a throttled attempt: whole minutes, rounded up. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`;
}
