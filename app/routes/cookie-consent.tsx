/**
 * Stores the shopper's cookie choice (kit CookieConsentBanner, shown when the application context's
 * shopperConsentEnabled is on) for 365 days, then goes back to the page the banner was on.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { submitConsent } from "~/locale/consent.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return submitConsent(request);
}
