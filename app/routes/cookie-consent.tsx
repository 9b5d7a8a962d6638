/**
 * Stores the shopper's cookie choice (kit CookieConsentBanner, shown when the application context's
 * shopperConsentEnabled is on) for 365 days, then goes back to the page the banner was on.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { consentCookieHeader, isConsentIntent } from "~/components/CookieConsent";
import { safeRedirect } from "~/components/store/urls";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = safeRedirect(formData.get("redirectTo"), "/");
  if (!isConsentIntent(intent)) return redirect(back, 303);
  const secure = new URL(request.url).protocol === "https:";
  return redirect(back, { status: 303, headers: { "Set-Cookie": consentCookieHeader(intent, { secure }) } });
}
