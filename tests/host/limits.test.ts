import { afterEach, describe, expect, it, vi } from "vitest";
import { unreachableRedis } from "../support/unreachable-redis";
import { DEFAULT_LIMITS, Limits, minutesToWait, type LimitTable } from "../../server/limits";

const A = "203.0.113.1";
const B = "203.0.113.2";

/** The defaults with small numbers where a test counts to them. */
const table = (changes: Partial<LimitTable>): LimitTable => ({ ...DEFAULT_LIMITS, ...changes });

describe("Limits", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets a key spend its points at once (a burst), then refuses until its window has passed", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T10:00:00Z") });
    const limits = new Limits();
    for (let i = 0; i < 30; i++) expect(await limits.take(["guestIdentityPerAddress", A])).toEqual({ allowed: true });
    expect(await limits.take(["guestIdentityPerAddress", A])).toEqual({
      allowed: false,
      limit: "guestIdentityPerAddress",
      retryAfterSeconds: 60,
    });
    // Another address is not held back.
    expect(await limits.take(["guestIdentityPerAddress", B])).toEqual({ allowed: true });
    vi.advanceTimersByTime(60_000 + 1);
    expect(await limits.take(["guestIdentityPerAddress", A])).toEqual({ allowed: true });
  });

  it("refuses at the first check with no point left, and spends none of the later ones", async () => {
    const limits = new Limits(table({ resetRequestPerAddress: { points: 1, windowSeconds: 900 } }));
    expect(await limits.take(["resetRequestPerAddress", A], ["resetRequestPerEmail", "x@demo.store"])).toEqual({
      allowed: true,
    });
    const refused = await limits.take(["resetRequestPerAddress", A], ["resetRequestPerEmail", "y@demo.store"]);
    expect(refused).toMatchObject({ allowed: false, limit: "resetRequestPerAddress" });
    // y@ was not counted: three from another address all pass.
    for (let i = 0; i < 3; i++)
      expect(await limits.take(["resetRequestPerEmail", "y@demo.store"])).toEqual({ allowed: true });
  });

  it("counts e-mail addresses however they are typed", async () => {
    const limits = new Limits();
    for (const typed of ["Buyer@Demo.Store", " buyer@demo.store ", "BUYER@DEMO.STORE"])
      await limits.take(["resetRequestPerEmail", typed]);
    expect(await limits.take(["resetRequestPerEmail", "buyer@demo.store"])).toMatchObject({ allowed: false });
  });

  it("peeks without spending, counts failures without refusing, and forgets a key", async () => {
    const limits = new Limits();
    const code = ["codeFailuresPerCode", "reset:buyer@demo.store"] as const;
    await limits.count(code);
    await limits.count(code);
    await limits.count(code);
    await limits.count(code);
    expect(await limits.peek(code)).toEqual({ allowed: true });
    await limits.count(code);
    expect(await limits.peek(code)).toMatchObject({ allowed: false, limit: "codeFailuresPerCode" });
    await limits.forget(...code);
    expect(await limits.peek(code)).toEqual({ allowed: true });
  });

  it("peek names the longest wait of the checks refused", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T10:00:00Z") });
    const limits = new Limits();
    for (let i = 0; i < 10; i++) await limits.count(["codeFailuresPerAccount", "buyer@demo.store"]);
    vi.advanceTimersByTime(30 * 60_000);
    for (let i = 0; i < 5; i++) await limits.count(["codeFailuresPerCode", "reset:buyer@demo.store"]);
    expect(
      await limits.peek(
        ["codeFailuresPerCode", "reset:buyer@demo.store"],
        ["codeFailuresPerAccount", "buyer@demo.store"],
      ),
    ).toEqual({ allowed: false, limit: "codeFailuresPerCode", retryAfterSeconds: 3600 });
  });

  it("forgets everything on clear() (the emulator's reset)", async () => {
    const limits = new Limits();
    for (let i = 0; i < 31; i++) await limits.take(["cartPerAddress", A]);
    await limits.clear();
    expect(await limits.take(["cartPerAddress", A])).toEqual({ allowed: true });
  });

  it("puts the wait in whole minutes, rounded up", () => {
    expect(minutesToWait(900)).toBe("15 minutes");
    expect(minutesToWait(61)).toBe("2 minutes");
    expect(minutesToWait(5)).toBe("1 minute");
  });
});

describe("Limits with a Redis that can't be reached", () => {
  it("counts in this process's memory meanwhile (the insurance limiter): still refuses, still forgets", async () => {
    const limits = new Limits(DEFAULT_LIMITS, unreachableRedis());
    for (let i = 0; i < 5; i++) expect(await limits.take(["resetRequestPerAddress", A])).toEqual({ allowed: true });
    expect(await limits.take(["resetRequestPerAddress", A])).toMatchObject({ allowed: false });
    await limits.count(["codeFailuresPerCode", "register:1"]);
    expect(await limits.peek(["codeFailuresPerCode", "register:1"])).toEqual({ allowed: true });
    await limits.clear();
    expect(await limits.take(["resetRequestPerAddress", A])).toEqual({ allowed: true });
  });
});
