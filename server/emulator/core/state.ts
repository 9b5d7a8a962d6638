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
   * How many times a cart or delivery group that just changed answers 202 / asyncOperationStatus "Processing"
   * before it is ready. 0 (the default): the demo's carts are ready at once; tests raise it to exercise the
   * polling paths. Setting it through POST /__emulator/settings sets `checkoutPolls` too.
   */
  asyncPolls: number;
  /**
   * How many reads of a checkout answer 202 after a start or a change (PUT, PATCH, a checkout coupon) before it is
   * ready: 1 by default, as an org's checkout calculators leave it processing for a while (docs/emulator-checkout.md,
   * "Async"); 0 for tests that want 200 at once.
   */
  checkoutPolls: number;
  /** Lifetime of a bearer token, seconds on the virtual clock (2 h like a Salesforce session by default). */
  sessionSeconds: number;
  /** The emulated org's setup: correct by default; replaced whole (never mutated) by POST /__emulator/settings. */
  orgSetup: Readonly<OrgSetup>;
}

export const DEFAULT_SETTINGS: EmulatorSettings = {
  asyncPolls: 0,
  checkoutPolls: 1,
  sessionSeconds: 7200,
  orgSetup: CORRECT_ORG_SETUP,
};

/**
 * Bounded async processing: a changed resource is "processing" for the next N reads, then ready.
 * Counting reads instead of time keeps tests deterministic and never leaves a client waiting forever.
 */
export class AsyncTracker {
  private pending = new Map<string, number>();
  constructor(private polls: () => number) {}
  /** `polls`: how many reads it stays processing, when not the tracker's own count (checkouts have their own). */
  begin(key: string, polls = this.polls()) {
    const n = polls;
    if (n > 0) this.pending.set(key, n);
  }
  /** True while the resource is still processing; each call counts as one poll. */
  poll(key: string): boolean {
    const left = this.pending.get(key);
    if (!left) return false;
    if (left <= 1) this.pending.delete(key);
    else this.pending.set(key, left - 1);
    return true;
  }
  /** Looks without counting a poll (for writes that must wait for processing to end). */
  isProcessing(key: string): boolean {
    return (this.pending.get(key) ?? 0) > 0;
  }
  clear() {
    this.pending.clear();
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
