/**
 * Stores the shopper's cookie choice (kit CookieConsentBanner, shown when the application context's
 * shopperConsentEnabled is on) for 365 days, then goes back to the page the banner was on.
 */
import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/paths";
import { consentCookieHeader, consentSchema } from "~/handlers/cookie-consent.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: consentSchema });
  const form = submission.status === "success" ? submission.value : {};
  const back = safeRedirect(form.redirectTo, "/");
  // No choice (or one the banner doesn't offer): back to the page, nothing remembered.
  if (!form.intent) return redirect(back, 303);
  const secure = new URL(request.url).protocol === "https:";
  return redirect(back, { status: 303, headers: { "Set-Cookie": await consentCookieHeader(form.intent, { secure }) } });
}
