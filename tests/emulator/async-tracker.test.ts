import { describe, expect, it } from "vitest";
import { createClock } from "../../server/emulator/core/clock.js";
import { AsyncTracker } from "../../server/emulator/core/state.js";

/** A clock whose real time the test moves, as the world's would move under a running emulator. */
function realTimeClock() {
  let real = 1_000_000;
  const clock = createClock(() => real);
  return { clock, elapse: (ms: number) => (real += ms) };
}

describe("AsyncTracker: processing ends after its reads or its stretch of the virtual clock, whichever first", () => {
  it("ends by real time passing, with no read at all", () => {
    const { clock, elapse } = realTimeClock();
    const tracker = new AsyncTracker(clock, () => ({ polls: 0, seconds: 3 }));
    tracker.begin("checkout:1");
    expect(tracker.isProcessing("checkout:1")).toBe(true);
    elapse(2999);
    expect(tracker.isProcessing("checkout:1")).toBe(true);
    elapse(1);
    expect(tracker.isProcessing("checkout:1")).toBe(false);
    expect(tracker.poll("checkout:1")).toBe(false);
  });

  it("ends by the clock moved forward (POST /__emulator/clock)", () => {
    const { clock } = realTimeClock();
    const tracker = new AsyncTracker(clock, () => ({ polls: 0, seconds: 5 }));
    tracker.begin("checkout:1");
    expect(tracker.poll("checkout:1")).toBe(true);
    clock.advance(5);
    expect(tracker.poll("checkout:1")).toBe(false);
  });

  it("ends after its reads when they run out before its time", () => {
    const { clock } = realTimeClock();
    const tracker = new AsyncTracker(clock, () => ({ polls: 2, seconds: 60 }));
    tracker.begin("cart:1");
    expect([tracker.poll("cart:1"), tracker.poll("cart:1"), tracker.poll("cart:1")]).toEqual([true, true, false]);
  });

  it("looks without counting a read, and begins again from the start on a new change", () => {
    const { clock, elapse } = realTimeClock();
    const tracker = new AsyncTracker(clock, () => ({ polls: 1, seconds: 0 }));
    tracker.begin("cart:1");
    expect(tracker.isProcessing("cart:1")).toBe(true);
    expect(tracker.isProcessing("cart:1")).toBe(true);
    elapse(60_000); // reads alone hold it: time does not end it
    expect(tracker.poll("cart:1")).toBe(true);
    expect(tracker.poll("cart:1")).toBe(false);
    tracker.begin("cart:1", { polls: 0, seconds: 1 });
    expect(tracker.isProcessing("cart:1")).toBe(true);
    elapse(1000);
    expect(tracker.isProcessing("cart:1")).toBe(false);
  });

  it("holds nothing when neither bound is set (the default: over by the next call)", () => {
    const { clock } = realTimeClock();
    const tracker = new AsyncTracker(clock, () => ({ polls: 0, seconds: 0 }));
    tracker.begin("checkout:1", { polls: 3, seconds: 0 });
    tracker.begin("checkout:1");
    expect(tracker.poll("checkout:1")).toBe(false);
  });
});
