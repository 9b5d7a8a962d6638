/**
 * The consent cookie (spec §3 shopperConsentEnabled, §9: remembered 365 days), read and written through Remix's
 * `createCookie`. It holds the bare choice (`cookie_consent=accept`), as it always has: scripts and tag managers
 * that honour the choice read it as such. Remix encodes a cookie's value as base64 JSON, so the cookie's
 * `encode` / `decode` turn that into the bare value and back.
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import {
  CONSENT_INTENTS,
  consentMaxAgeSeconds,
  COOKIE_CONSENT_MAX_AGE,
  COOKIE_CONSENT_NAME,
  isConsentIntent,
  type ConsentIntent,
} from "../components/CookieConsent";

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
  const value: unknown = await consentCookie.parse(cookieHeader ?? null);
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
