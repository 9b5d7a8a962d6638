// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { consentMaxAgeSeconds, COOKIE_CONSENT_MAX_AGE, CookieConsentBanner } from "../../app/components/CookieConsent";
import { consentCookieHeader, readConsent } from "../../app/locale/consent.server";
import { cleanUpAfterEach } from "./components-helpers";

// The cookie consent banner and its cookie.

cleanUpAfterEach();

describe("cookie consent", () => {
  it("remembers the choice for 365 days", async () => {
    expect(COOKIE_CONSENT_MAX_AGE).toBe(31_536_000);
    expect(consentMaxAgeSeconds(365)).toBe(31_536_000);
    expect(consentMaxAgeSeconds(1)).toBe(86_400);
    expect(await consentCookieHeader("accept", { secure: true })).toBe(
      // The same attributes; the order is the `cookie` package's (Remix's createCookie), which cookies don't heed.
      "cookie_consent=accept; Max-Age=31536000; Path=/; Secure; SameSite=Lax",
    );
  });

  it("reads the choice back, ignoring anything else", async () => {
    expect(await readConsent("a=1; cookie_consent=decline")).toBe("decline");
    expect(await readConsent("cookie_consent=maybe")).toBeNull();
    expect(await readConsent(null)).toBeNull();
  });

  it("posts accept or decline to the configured action when consent is enabled", () => {
    const view = render(<CookieConsentBanner enabled action="/consent" redirectTo="/cart" />);
    const accept = view.getByRole("button", { name: "Accept" });
    const form = accept.closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/consent");
    expect(form).toHaveFormValues({ redirectTo: "/cart" });
    expect(accept).toHaveAttribute("name", "intent");
    expect(accept).toHaveAttribute("value", "accept");
    const decline = view.getByRole("button", { name: "Decline" });
    expect(decline).toHaveAttribute("name", "intent");
    expect(decline).toHaveAttribute("value", "decline");
  });

  it("hides when consent is off or already chosen", () => {
    // Nothing at all, not even an empty element: a string check, as a DOM query finds elements.
    expect(renderToString(<CookieConsentBanner enabled={false} action="/consent" />)).toBe("");
    expect(renderToString(<CookieConsentBanner enabled consent="accept" action="/consent" />)).toBe("");
  });
});
