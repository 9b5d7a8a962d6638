/**
 * The consent cookie (spec §3 shopperConsentEnabled, §9: remembered 365 days), read and written through Remix's
 * `createCookie`. It holds the bare choice (`cookie_consent=accept`), as it always has: scripts and tag managers
 * that honour the choice read it as such. Remix encodes a cookie's value as base64 JSON, so the cookie's
 * `encode` / `decode` turn that into the bare value and back.
 */
import { parseWithZod } from "@conform-to/zod";
import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect } from "~/lib/paths";
import type { ShopCore } from "~/shop/core.server";
import type { JsonValue } from "~/lib/json";
import {
  CONSENT_INTENTS,
  consentMaxAgeSeconds,
  COOKIE_CONSENT_MAX_AGE,
  COOKIE_CONSENT_NAME,
  isConsentIntent,
  type ConsentIntent,
} from "~/components/CookieConsent";

/** Remix's encoding of a string value (base64 of its JSON) to the bare value, URI-encoded as cookies are. */
const bareValue = (encoded: string) => encodeURIComponent(String(JSON.parse(atob(encoded))));
/** The bare value back to Remix's encoding; a value that isn't Latin-1 throws, and the cookie reads as no choice. */
const remixValue = (bare: string) => btoa(JSON.stringify(decodeURIComponent(bare)));

export const consentCookie = createCookie(COOKIE_CONSENT_NAME, {
  maxAge: COOKIE_CONSENT_MAX_AGE,
  path: "/",
  sameSite: "lax",
  encode: bareValue,
  decode: remixValue,
});

/** The Set-Cookie value that remembers the choice. */
export function consentCookieHeader(
  intent: ConsentIntent,
  options: { days?: number; secure?: boolean; path?: string } = {},
): Promise<string> {
  return consentCookie.serialize(intent, {
    maxAge: consentMaxAgeSeconds(options.days),
    ...(options.path ? { path: options.path } : {}),
    ...(options.secure ? { secure: true } : {}),
  });
}

/** The remembered choice from a Cookie header, or null when the shopper has not chosen yet. */
export async function readConsent(cookieHeader: string | null | undefined): Promise<ConsentIntent | null> {
  // A signed cookie holds the JSON it was serialized from.
  const value: JsonValue = await consentCookie.parse(cookieHeader ?? null);
  return isConsentIntent(value) ? value : null;
}

/**
 * The banner's form (components/CookieConsent): accept or decline, and the page it was on. A choice the banner
 * doesn't offer is no choice (undefined), and the shopper still goes back to the page.
 */
export const consentSchema = z.object({
  intent: z.enum(CONSENT_INTENTS).optional().catch(undefined),
  redirectTo: z.string().optional().catch(undefined),
});

/** The consent banner's choice for the root page (shop.consent). */
export interface Consent {
  /** The remembered choice from the request's cookie, or null when the shopper has not chosen yet. */
  choice(): Promise<ConsentIntent | null>;
}

export function createConsent(core: Pick<ShopCore, "request">): Consent {
  return { choice: () => readConsent(core.request.headers.get("Cookie")) };
}

/**
 * The banner's form (POST /cookie-consent), which needs no shop: the choice remembered in its cookie, and back to the
 * page. No choice (or one the banner doesn't offer): back to the page, nothing remembered.
 */
export async function submitConsent(request: Request): Promise<Response> {
  const submission = parseWithZod(await request.formData(), { schema: consentSchema });
  const form = submission.status === "success" ? submission.value : {};
  const back = safeRedirect(form.redirectTo, "/");
  if (!form.intent) return redirect(back, 303);
  const secure = new URL(request.url).protocol === "https:";
  return redirect(back, { status: 303, headers: { "Set-Cookie": await consentCookieHeader(form.intent, { secure }) } });
}
