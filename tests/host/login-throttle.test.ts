import { afterEach, describe, expect, it, vi } from "vitest";
import { unreachableRedis } from "../support/unreachable-redis";
import { DEFAULT_LOGIN_LIMITS, LoginThrottle, tooManyAttemptsMessage } from "../../server/login-throttle";

const A = "203.0.113.1";
const B = "203.0.113.2";

async function fail(throttle: LoginThrottle, username: string, client: string, times: number) {
  for (let i = 0; i < times; i++) await throttle.recordFailure(username, client);
}

describe("LoginThrottle", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("defaults to 5 failures per account and 20 per client in 15 minutes", () => {
    expect(DEFAULT_LOGIN_LIMITS).toEqual({ perAccount: 5, perClient: 20, windowSeconds: 900 });
  });

  it("refuses an account after 5 failures, from any client, saying how long to wait", async () => {
    const throttle = new LoginThrottle();
    await fail(throttle, "buyer@demo.store", A, 4);
    expect(await throttle.check("buyer@demo.store", A)).toEqual({ allowed: true });
    await fail(throttle, "buyer@demo.store", A, 1);
    const refused = await throttle.check("buyer@demo.store", B);
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.allowed || refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(refused.allowed || refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // The same account however it is typed; other accounts are not affected.
    expect(await throttle.check("  Buyer@Demo.Store ", A)).toMatchObject({ allowed: false });
    expect(await throttle.check("b2b@demo.store", B)).toEqual({ allowed: true });
  });

  it("refuses a client after 20 failures across accounts, for every account", async () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 20; i++) await throttle.recordFailure(`guess${i}@demo.store`, A);
    expect(await throttle.check("buyer@demo.store", A)).toMatchObject({ allowed: false });
    expect(await throttle.check("buyer@demo.store", B)).toEqual({ allowed: true });
  });

  it("clears an account's count on success, but not the client's", async () => {
    const throttle = new LoginThrottle({ perAccount: 5, perClient: 6, windowSeconds: 900 });
    await fail(throttle, "buyer@demo.store", A, 4);
    await throttle.recordSuccess("buyer@demo.store");
    await fail(throttle, "buyer@demo.store", A, 1);
    expect(await throttle.check("buyer@demo.store", B)).toEqual({ allowed: true });
    await fail(throttle, "buyer@demo.store", A, 1);
    // Six failures from A in all: the client is over its limit whatever the account.
    expect(await throttle.check("b2b@demo.store", A)).toMatchObject({ allowed: false });
  });

  it("lifts the limit when the window has passed, and forgets everything on clear()", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z") });
    const throttle = new LoginThrottle();
    await fail(throttle, "buyer@demo.store", A, 5);
    vi.advanceTimersByTime(14 * 60_000);
    expect(await throttle.check("buyer@demo.store", A)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    vi.advanceTimersByTime(60_000 + 1);
    expect(await throttle.check("buyer@demo.store", A)).toEqual({ allowed: true });

    await fail(throttle, "buyer@demo.store", A, 5);
    throttle.clear();
    expect(await throttle.check("buyer@demo.store", A)).toEqual({ allowed: true });
  });

  it("puts the wait in whole minutes, rounded up", () => {
    expect(tooManyAttemptsMessage(900)).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many sign-in attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many sign-in attempts. Try again in 1 minute.");
  });
});

describe("LoginThrottle with a Redis that can't be reached", () => {
  it("counts in this process's memory meanwhile (the insurance limiter): still refuses, still forgets", async () => {
    const throttle = new LoginThrottle(DEFAULT_LOGIN_LIMITS, unreachableRedis());
    await fail(throttle, "buyer@demo.store", A, 4);
    expect(await throttle.check("buyer@demo.store", A)).toEqual({ allowed: true });
    await fail(throttle, "buyer@demo.store", A, 1);
    expect(await throttle.check("buyer@demo.store", B)).toMatchObject({ allowed: false });
    await throttle.recordSuccess("buyer@demo.store");
    expect(await throttle.check("buyer@demo.store", B)).toEqual({ allowed: true });
    await fail(throttle, "buyer@demo.store", A, 5);
    await throttle.clear();
    expect(await throttle.check("buyer@demo.store", A)).toEqual({ allowed: true });
  });
});
