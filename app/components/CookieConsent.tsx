/**
 * Cookie consent (spec §3 shopperConsentEnabled, §9: remembered 365 days, the delay kept in days).
 *
 * The banner is a plain POST form with an `intent` of accept or decline, so it works without
 * JavaScript. The app's action (at `action`) stores the choice in the consent cookie (cookie-consent.server.ts)
 * and redirects back to `redirectTo`; the root's loader reads it back from there.
 */
import type { ElementType, ReactNode } from "react";
import { Button } from "./Button";
import type { JsonField } from "~/lib/json";

export const COOKIE_CONSENT_NAME = "cookie_consent";
export const COOKIE_CONSENT_DAYS = 365;
const SECONDS_PER_DAY = 24 * 60 * 60;
/** Max-Age of the consent cookie in seconds (365 days). */
export const COOKIE_CONSENT_MAX_AGE = COOKIE_CONSENT_DAYS * SECONDS_PER_DAY;

export const CONSENT_INTENTS = ["accept", "decline"] as const;
export type ConsentIntent = (typeof CONSENT_INTENTS)[number];

export function isConsentIntent(value: JsonField): value is ConsentIntent {
  return value === "accept" || value === "decline";
}

/** The spec keeps the delay in days; cookies want seconds. */
export function consentMaxAgeSeconds(days: number = COOKIE_CONSENT_DAYS): number {
  return Math.max(0, Math.round(days * SECONDS_PER_DAY));
}

export type CookieConsentBannerProps = {
  /** The application context's shopperConsentEnabled. */
  enabled: boolean;
  /** The choice already made (from readConsent in a loader); the banner hides once there is one. */
  consent?: ConsentIntent | null;
  /** URL of the action that sets the cookie. */
  action: string;
  /** Where that action sends the shopper back to (hidden field redirectTo). */
  redirectTo?: string;
  /** The form element: "form" by default; pass Remix's Form or fetcher.Form to stay on the page. */
  FormComponent?: ElementType;
  /** Pending state of the submission, when the caller tracks it. */
  pending?: boolean;
  children?: ReactNode;
  className?: string;
};

export function CookieConsentBanner({
  enabled,
  consent,
  action,
  redirectTo,
  FormComponent = "form",
  pending = false,
  children,
  className,
}: CookieConsentBannerProps) {
  if (!enabled || consent) return null;
  return (
    <section aria-label="Cookie consent" className={["kit-consent", className].filter(Boolean).join(" ")}>
      <div className="kit-consent__text">
        {children ?? (
          <p>
            We use cookies to keep you signed in, remember your cart and understand how the store is used. Choose
            whether to allow optional cookies.
          </p>
        )}
      </div>
      <FormComponent method="post" action={action} className="kit-consent__actions">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Button name="intent" value="accept" pending={pending}>
          Accept
        </Button>
        <Button name="intent" value="decline" variant="neutral" disabled={pending}>
          Decline
        </Button>
      </FormComponent>
    </section>
  );
}
