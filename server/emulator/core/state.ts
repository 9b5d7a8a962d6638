import type { Clock } from "./clock.js";
import type { Db } from "./db.js";
import type { IdGenerator } from "./ids.js";
import type { StoreBasics } from "./store.js";

/**
 * Emulator-only switches that put the emulated org into one of the misconfigurations a real org can be in, so the
 * storefront's messages and `npm run doctor`'s checks can be seen and tested (docs/emulator-identity.md,
 * "Misconfigured orgs"). The defaults are a correctly set-up org.
 */
export interface OrgSetup {
  /** The site's Headless Guest Flow is on for the client app (off: guest authorizations are refused). */
  guestFlow: boolean;
  /** The buyers' profile is pre-authorised for the client app (off: "admin approved users" refuse every buyer). */
  appPreAuthorized: boolean;
  /** Usernames whose profile lacks "API Enabled": their tokens are refused by every API call. */
  apiDisabledUsers: string[];
  /** Usernames without the Buyer permission set: the store's resources refuse them. */
  noBuyerPermissionUsers: string[];
  /** The store has a buyer group for its guest buyer profile (off: guests find no store). */
  guestBuyerGroup: boolean;
  /**
   * The site requires an integration user's access token on the first requests of Headless Registration and Headless
   * Forgot Password (off: a site that requires neither that nor reCAPTCHA, which Salesforce Help says it must not be).
   */
  headlessRequiresAuth: boolean;
}

export const CORRECT_ORG_SETUP: Readonly<OrgSetup> = Object.freeze({
  guestFlow: true,
  appPreAuthorized: true,
  apiDisabledUsers: [],
  noBuyerPermissionUsers: [],
  guestBuyerGroup: true,
  headlessRequiresAuth: true,
});

export interface EmulatorSettings {
  /**
   * How many reads of a cart or delivery group that just changed answer 202 / asyncOperationStatus "Processing"
   * before it is ready (0: reads don't hold it). 0 (the default): the demo's carts are ready at once; tests raise it
   * to exercise the polling paths. Setting it through POST /__emulator/settings sets `checkoutPolls` too.
   */
  asyncPolls: number;
  /**
   * How long a cart's or delivery group's processing lasts on the virtual clock, seconds (0: time doesn't hold it).
   * With `asyncPolls` too, processing ends at whichever runs out first. Sets `checkoutSeconds` too.
   */
  asyncSeconds: number;
  /**
   * How many reads of a checkout answer 202 after a start or a change (PUT, PATCH, a checkout coupon) before it is
   * ready; 0 (the default): reads don't hold it (docs/emulator-checkout.md, "Async").
   */
  checkoutPolls: number;
  /**
   * How long a checkout's calculation lasts on the virtual clock after a start or a change, seconds; 0 (the
   * default): it is over by the next call, as an org's is in the trace docs/emulator-checkout.md ("Async") cites.
   * Several seconds make calculation slow for tests and demos (EMULATOR_CHECKOUT_SECONDS). With `checkoutPolls`
   * too, the calculation ends at whichever runs out first.
   */
  checkoutSeconds: number;
  /** Lifetime of a bearer token, seconds on the virtual clock (2 h like a Salesforce session by default). */
  sessionSeconds: number;
  /** The emulated org's setup: correct by default; replaced whole (never mutated) by POST /__emulator/settings. */
  orgSetup: Readonly<OrgSetup>;
}

export const DEFAULT_SETTINGS: EmulatorSettings = {
  asyncPolls: 0,
  asyncSeconds: 0,
  checkoutPolls: 0,
  checkoutSeconds: 0,
  sessionSeconds: 7200,
  orgSetup: CORRECT_ORG_SETUP,
};

/** How long one piece of processing lasts: a number of reads, a stretch of the virtual clock (0: that bound is off). */
export interface AsyncBounds {
  polls: number;
  seconds: number;
}

/**
 * Bounded async processing: a changed resource is "processing" until its reads are used up or its stretch of the
 * virtual clock has passed, whichever comes first. The clock moves with real time (and POST /__emulator/clock), so a
 * client that does other work instead of reading finds it done once the time has passed, as on an org; counting
 * reads keeps tests that set only `polls` deterministic.
 */
export class AsyncTracker {
  private pending = new Map<string, { readsLeft: number; until: number }>();
  constructor(
    private clock: Clock,
    private bounds: () => AsyncBounds,
  ) {}
  /** Starts (or starts again) the key's processing; `bounds` when not the tracker's own (checkouts have their own). */
  begin(key: string, bounds: AsyncBounds = this.bounds()) {
    const polls = Math.max(0, Math.floor(bounds.polls));
    const seconds = Math.max(0, bounds.seconds);
    if (polls === 0 && seconds === 0) {
      this.pending.delete(key);
      return;
    }
    this.pending.set(key, {
      readsLeft: polls > 0 ? polls : Infinity,
      until: seconds > 0 ? this.clock.now() + seconds * 1000 : Infinity,
    });
  }
  /** True while the resource is still processing; each call counts as one read. */
  poll(key: string): boolean {
    const entry = this.current(key);
    if (!entry) return false;
    entry.readsLeft -= 1;
    if (entry.readsLeft <= 0) this.pending.delete(key);
    return true;
  }
  /** Looks without counting a read (for writes that must wait for processing to end). */
  isProcessing(key: string): boolean {
    return this.current(key) !== undefined;
  }
  clear() {
    this.pending.clear();
  }
  private current(key: string) {
    const entry = this.pending.get(key);
    if (entry && this.clock.now() >= entry.until) {
      this.pending.delete(key);
      return undefined;
    }
    return entry;
  }
}

/** Everything a resource module receives: the database, the clock, id minting, settings and shared helpers. */
export interface Emu {
  db: Db;
  clock: Clock;
  ids: IdGenerator;
  settings: EmulatorSettings;
  async: AsyncTracker;
  fixturesDir: string;
  store: StoreBasics;
}

/** One resource group of the API: its routes and, optionally, how it seeds its fixtures. */
export interface EmulatorModule {
  name: string;
  routes(r: import("./router.js").Router, emu: Emu): void;
  /** Called in module order on an empty database (first start and /__emulator/reset). */
  seed?(emu: Emu): void;
}
