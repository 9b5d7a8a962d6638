import { z } from "zod";
import { ApiError, errorBody } from "../core/errors.js";
import { json, noContent } from "../core/http.js";
import { isFormPost, seeOther } from "./console/html.js";
import type { Router } from "../core/router.js";
import { CORRECT_ORG_SETUP, type Emu } from "../core/state.js";
import { isoDate } from "../core/clock.js";

/**
 * Test controls under /__emulator/: reset to fixtures, fault rules, the virtual clock, the request journal and
 * live settings. Tests use these instead of sleeping or reaching into the database.
 */

const faultRuleSchema = z.object({
  method: z.string().toUpperCase().optional(),
  /** Glob matched against the whole path; `*` matches any run of characters, "/" included. */
  path: z.string().min(1),
  status: z.number().int().min(100).max(599).optional(),
  errorCode: z.string().optional(),
  message: z.string().optional(),
  /** How many matching requests the rule affects; omitted = 1, 0 = until removed. */
  times: z.number().int().min(0).default(1),
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  /**
   * Emulator-only: process the request first (its effects are committed), then answer the fault instead: an answer
   * lost on the way back, which a client must not "fix" by sending a write again. Without it (the default) the fault
   * answers before anything is processed.
   */
  after: z.boolean().default(false),
});

/**
 * Emulator-only: the org misconfigurations of OrgSetup (core/state.ts), each switched on by naming it; a partial
 * object changes only what it names, and `{"orgSetup": null}` (or a reset) brings back the correct setup.
 */
const orgSetupSchema = z
  .object({
    guestFlow: z.boolean(),
    appPreAuthorized: z.boolean(),
    apiDisabledUsers: z.array(z.string().min(1)),
    noBuyerPermissionUsers: z.array(z.string().min(1)),
    guestBuyerGroup: z.boolean(),
    headlessRequiresAuth: z.boolean(),
  })
  .partial()
  .strict();

export type FaultRule = z.infer<typeof faultRuleSchema> & {
  id: number;
  remaining: number;
  hits: number;
  pattern: RegExp;
};

export interface JournalEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  fault: number | null;
  /** What the API's own handling answered; null when a fault answered before processing. */
  processedStatus: number | null;
  /**
   * The request carried `X-Highscale: true` (spec §7: cart calls of a store with high-scale carts). Emulator-only:
   * the API changes nothing a caller sees for it; the journal shows it so tests can see the storefront send it.
   */
  highScale: boolean;
  /** The storefront's request id (`X-Request-Id`) the call carried: the page it was made for. */
  requestId: string | null;
  /** The request's headers, tokens and cookies redacted (redactHeaders), for the console's request detail. */
  headers: Record<string, string>;
}

/** Headers whose values are credentials: the console shows that they were sent, never what they held. */
const SECRET_HEADER = /authorization|cookie|token|secret|session|api-key|password/i;

/** A request's headers as the journal keeps them: every credential's value replaced by "[redacted]". */
export function redactHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    kept[name] = SECRET_HEADER.test(name) ? "[redacted]" : value;
  });
  return kept;
}

/** A fault rule as a form or a request body gives it: checked, then added by `addFault`. */
export type FaultInput = z.input<typeof faultRuleSchema>;

/** What the console reads of the controls, and the changes it makes through them. */
export type Admin = ReturnType<typeof createAdmin>;

const JOURNAL_CAPACITY = 1000;

export function createAdmin() {
  let faults: FaultRule[] = [];
  let nextFaultId = 1;
  let journal: JournalEntry[] = [];
  let seq = 0;

  function globToRegExp(glob: string) {
    const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
    return new RegExp(`^${escaped}$`);
  }

  function faultResponse(rule: FaultRule): Response | null {
    if (!rule.status) return null;
    return json(
      errorBody(rule.errorCode ?? "UNKNOWN_EXCEPTION", rule.message ?? "Fault injected by the emulator."),
      rule.status,
    );
  }

  function addFault(input: unknown): FaultRule {
    const parsed = faultRuleSchema.safeParse(input);
    if (!parsed.success)
      throw new ApiError(
        400,
        "INVALID_API_INPUT",
        parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      );
    const rule: FaultRule = {
      ...parsed.data,
      id: nextFaultId++,
      remaining: parsed.data.times,
      hits: 0,
      pattern: globToRegExp(parsed.data.path),
    };
    faults.push(rule);
    return rule;
  }

  return {
    addFault,
    /** The live rules, in the order they are tried. */
    faults: () => faults.map(publicRule),
    /** Removes one rule; false when there is none with that id (already used up, or removed). */
    removeFault(id: number): boolean {
      const before = faults.length;
      faults = faults.filter((f) => f.id !== id);
      return faults.length < before;
    },
    clearFaults() {
      faults = [];
    },
    clearJournal() {
      journal = [];
    },
    /** The journal, oldest first (a copy: the console pages through it while requests go on). */
    journal: () => journal.slice(),
    /** The first live rule matching the request; consumes one of its `times`. */
    takeFault(method: string, path: string): FaultRule | null {
      const rule = faults.find((f) => (!f.method || f.method === method) && f.pattern.test(path));
      if (!rule) return null;
      rule.hits++;
      if (rule.times > 0 && --rule.remaining <= 0) faults = faults.filter((f) => f !== rule);
      return rule;
    },
    faultResponse,
    /**
     * The answer to a request a rule (or none) matched: the rule's latency first, then its fault instead of
     * processing; with `after`, processing first, then the latency and the fault in place of the real answer.
     */
    async answer(
      rule: FaultRule | null,
      process: () => Promise<Response>,
    ): Promise<{ res: Response; processedStatus: number | null }> {
      const pause = () => (rule?.latencyMs ? new Promise((r) => setTimeout(r, rule.latencyMs)) : undefined);
      const fault = rule ? faultResponse(rule) : null;
      if (rule?.after) {
        const real = await process();
        await pause();
        if (!fault) return { res: real, processedStatus: real.status };
        await real.body?.cancel();
        return { res: fault, processedStatus: real.status };
      }
      await pause();
      if (fault) return { res: fault, processedStatus: null };
      const res = await process();
      return { res, processedStatus: res.status };
    },
    record(entry: Omit<JournalEntry, "seq">) {
      journal.push({ seq: ++seq, ...entry });
      // Once full, one entry in, the oldest out (slicing copied the whole journal on every request).
      if (journal.length > JOURNAL_CAPACITY) journal.shift();
    },
    clearAll() {
      faults = [];
      journal = [];
    },
    routes(r: Router, emu: Emu, reset: () => void) {
      r.raw("POST", "/__emulator/reset", (ctx) => {
        reset();
        // The console's reset button posts a form: a browser is sent back to the console (303), as a form expects.
        if (isFormPost(ctx.req)) return seeOther("/__emulator/?notice=The+store+is+back+to+its+fixtures.");
        return json({ reset: true, now: isoDate(emu.clock.now()) });
      });
      r.raw("GET", "/__emulator/faults", () => json({ faults: faults.map(publicRule) }));
      r.raw("POST", "/__emulator/faults", async (ctx) => {
        return json(publicRule(addFault(await ctx.json())), 201);
      });
      r.raw("DELETE", "/__emulator/faults", () => {
        faults = [];
        return noContent();
      });
      r.raw("GET", "/__emulator/clock", () => json({ now: isoDate(emu.clock.now()) }));
      r.raw("POST", "/__emulator/clock", async (ctx) => {
        const body = await ctx.json();
        const seconds = body?.advanceSeconds;
        if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
          throw new ApiError(400, "INVALID_API_INPUT", "advanceSeconds must be a non-negative number.");
        }
        emu.clock.advance(seconds);
        return json({ now: isoDate(emu.clock.now()) });
      });
      r.raw("GET", "/__emulator/journal", (ctx) => {
        const method = ctx.query.get("method")?.toUpperCase();
        const path = ctx.query.get("path");
        const since = Number(ctx.query.get("since") ?? 0);
        const entries = journal.filter(
          (e) => e.seq > since && (!method || e.method === method) && (!path || e.path.includes(path)),
        );
        return json({ entries });
      });
      r.raw("DELETE", "/__emulator/journal", () => {
        journal = [];
        return noContent();
      });
      r.raw("GET", "/__emulator/settings", (ctx) => json(settingsView(emu, ctx.query.get("webstoreId"))));
      r.raw("POST", "/__emulator/settings", async (ctx) => {
        const body = (await ctx.json()) ?? {};
        // asyncPolls and asyncSeconds count for every resource, checkouts included; checkoutPolls and
        // checkoutSeconds (after them) for checkouts alone.
        if (typeof body.asyncPolls === "number")
          emu.settings.asyncPolls = emu.settings.checkoutPolls = Math.max(0, Math.floor(body.asyncPolls));
        if (typeof body.checkoutPolls === "number")
          emu.settings.checkoutPolls = Math.max(0, Math.floor(body.checkoutPolls));
        if (typeof body.asyncSeconds === "number" && Number.isFinite(body.asyncSeconds))
          emu.settings.asyncSeconds = emu.settings.checkoutSeconds = Math.max(0, body.asyncSeconds);
        if (typeof body.checkoutSeconds === "number" && Number.isFinite(body.checkoutSeconds))
          emu.settings.checkoutSeconds = Math.max(0, body.checkoutSeconds);
        if (typeof body.sessionSeconds === "number")
          emu.settings.sessionSeconds = Math.max(1, Math.floor(body.sessionSeconds));
        if (body.orgSetup === null) emu.settings.orgSetup = CORRECT_ORG_SETUP;
        else if (body.orgSetup !== undefined) {
          const parsed = orgSetupSchema.safeParse(body.orgSetup);
          if (!parsed.success)
            throw new ApiError(
              400,
              "INVALID_API_INPUT",
              parsed.error.issues.map((i) => `orgSetup.${i.path.join(".")}: ${i.message}`).join("; "),
            );
          const lower = (names?: string[]) => names?.map((n) => n.trim().toLowerCase());
          emu.settings.orgSetup = Object.freeze({
            ...emu.settings.orgSetup,
            ...parsed.data,
            ...(parsed.data.apiDisabledUsers ? { apiDisabledUsers: lower(parsed.data.apiDisabledUsers) } : {}),
            ...(parsed.data.noBuyerPermissionUsers
              ? { noBuyerPermissionUsers: lower(parsed.data.noBuyerPermissionUsers) }
              : {}),
          });
        }
        const webstoreId = body.webstoreId ?? DEFAULT_WEBSTORE;
        if (body.applicationContext && typeof body.applicationContext === "object") {
          if (!emu.store.webstoreExists(webstoreId))
            throw new ApiError(404, "WEBSTORE_NOT_FOUND", `Webstore not found: ${webstoreId}`);
          emu.store.setApplicationContext(webstoreId, {
            ...emu.store.applicationContext(webstoreId),
            ...body.applicationContext,
          });
        }
        return json(settingsView(emu, webstoreId));
      });
    },
  };
}

const DEFAULT_WEBSTORE = "0ZEDEMO00000001";

function settingsView(emu: Emu, webstoreId: string | null) {
  return { ...emu.settings, applicationContext: emu.store.applicationContext(webstoreId ?? DEFAULT_WEBSTORE) };
}

export type PublicFaultRule = Omit<FaultRule, "pattern">;

function publicRule({ pattern: _p, ...rule }: FaultRule): PublicFaultRule {
  return rule;
}
