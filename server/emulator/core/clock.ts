/**
 * The emulator's virtual clock: real time plus an offset that tests move forward through
 * POST /__emulator/clock, so reservations, checkouts and sessions expire without anyone waiting.
 */
export interface Clock {
  now(): number;
  advance(seconds: number): void;
  reset(): void;
}

export function createClock(realNow: () => number = Date.now): Clock {
  let offsetMs = 0;
  return {
    now: () => realNow() + offsetMs,
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    reset() {
      offsetMs = 0;
    },
  };
}

/** ISO-8601 with milliseconds, as the API prints dates ("2026-01-05T10:00:00.000Z"). */
export const isoDate = (ms: number) => new Date(ms).toISOString();
