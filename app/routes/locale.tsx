/**
 * POST /locale: the header's currency and locale switcher (a plain form, so it works without JavaScript). The chosen
 * currency is remembered in the session and the cart moves to it; the shopper lands on the same page under the
 * chosen locale's prefix (/en-GB/…), or without a prefix for the store's own locale.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/components/store/urls";
import { LOCALE_FIELDS, localizedUrl, moveCartToCurrency } from "~/locale.server";
import { isStoreLocale, storeCurrencies } from "~/lib/locale";
import { STORE_LOCALE } from "~/lib/money";
import { getWebstore, rethrowResponse, shopperCurrency, toast } from "~/webstore.server";

export const CURRENCY_NOT_OFFERED = "Choose one of the store's currencies.";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const ws = await getWebstore(request, context);
  const back = safeRedirect(form.get(LOCALE_FIELDS.redirectTo), "/");
  const appContext = await ws.client.getApplicationContext();
  const url = new URL(request.url);
  // The request's path is {base path}{/current locale}/locale: what is before the locale segment stays.
  const appRoot = url.pathname
    .replace(/\/locale$/, "")
    .replace(context.locale ? new RegExp(`/${context.locale}$`) : /$^/, "");
  const field = (name: string) => String(form.get(name) ?? "").trim();

  const askedLocale = field(LOCALE_FIELDS.locale) || context.locale || STORE_LOCALE;
  const locale = isStoreLocale(appContext, askedLocale) ? askedLocale : (context.locale ?? STORE_LOCALE);
  const here = localizedUrl(url.origin, appRoot, context.locale ?? STORE_LOCALE, back);
  const there = localizedUrl(url.origin, appRoot, locale, back);

  const asked = field(LOCALE_FIELDS.currency);
  if (asked && !storeCurrencies(appContext).includes(asked)) {
    ws.session.flashToast(toast("error", CURRENCY_NOT_OFFERED));
    return redirect(here, { status: 303, headers: await ws.headers() });
  }
  // A currency left as it was shown is no choice: the new locale's market decides (spec §4), unless one was chosen before.
  if (asked && asked !== field(LOCALE_FIELDS.shownCurrency)) ws.session.set("currency", asked);
  else if (locale !== (context.locale ?? STORE_LOCALE) && !ws.session.get("currency")) ws.session.unset("currency");

  const currency = shopperCurrency(appContext, ws.session.get("currency"), locale);
  let message: string | null = null;
  if (currency) {
    try {
      const move = await moveCartToCurrency(ws, currency);
      if (move && move.failed > 0) {
        message = `Your cart is now in ${currency}. ${move.failed} ${move.failed === 1 ? "product" : "products"} couldn't be priced in ${currency} and ${move.failed === 1 ? "was" : "were"} removed.`;
      } else if (move) message = `Your cart is now in ${currency}.`;
    } catch (error) {
      rethrowResponse(error);
      throw error;
    }
  }
  if (message) ws.session.flashToast(toast(message.includes("removed") ? "warning" : "success", message));
  // Absolute URLs (here too): Remix puts the current locale's prefix in front of a redirect to a path.
  return redirect(there, { status: 303, headers: await ws.headers() });
}
