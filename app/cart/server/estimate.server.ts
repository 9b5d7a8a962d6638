/**
 * The cart page's shipping estimate (POST carts/{id}/actions/evaluate-shipping, 63.0): the shopper's postal code and
 * country evaluated on the cart, and the delivery methods that ship there read from the cart's delivery groups (GET
 * carts/{id}/delivery-groups), where the shipping calculator puts them.
 *
 * The session keeps the address and the cart it was evaluated on, not the methods: a page view reads them afresh
 * (their fees follow the cart: a free-shipping threshold reached), and only once the shopper has asked. A buyer's
 * first cart view reads their default shipping address once, to fill the form in.
 */
import type { DeliveryGroup } from "../../../server/webstore/index";
import { countryCode, normaliseCountries } from "~/lib/address/address";
import {
  ESTIMATE_FIELDS,
  ESTIMATE_MESSAGES,
  ESTIMATE_SECTION_ID,
  postalCodeProblem,
  type CartEstimateView,
  type EstimateMethodView,
} from "~/cart/model/estimate";
import { deliveryMethodView } from "~/checkout/model/shipments";
import { cartRef } from "~/cart/server/ref.server";
import { caught, cartErrorMessage } from "~/shop/errors.server";
import { toast } from "~/shop/toast.server";
import type { CartCore, CartSessionData } from "~/cart/server/session.server";

type EstimateShop = Pick<CartCore, "client" | "session" | "shopper" | "appContext">;
type SavedEstimate = CartSessionData["shippingEstimate"];

/** evaluate-shipping is documented from 63.0: before that the page offers no estimate. */
export const ESTIMATE_SINCE = 63;

/** The store's shipping countries (the US when it names none), as the form's choices. */
function countriesOf(shop: Pick<CartCore, "appContext">) {
  const countries = normaliseCountries(shop.appContext?.shippingCountries ?? []);
  return countries.length > 0 ? countries : normaliseCountries(["US"]);
}

/** The methods the cart's delivery groups list: the first group without an address of its own is the one estimated. */
function methodsOf(groups: readonly DeliveryGroup[], currency: string): EstimateMethodView[] {
  const group = groups.find((g) => !g.deliveryAddress) ?? groups[0];
  return (group?.availableDeliveryMethods ?? [])
    .map((raw) => deliveryMethodView(raw, currency))
    .filter((m): m is NonNullable<typeof m> => m !== null)
    .map(({ id, name, carrier, fee, transit }) => ({ id, name, carrier, fee, transit }));
}

/**
 * A buyer's default shipping address, to fill the form in (empty when they have none): read on each cart page until
 * the buyer asks for an estimate, which the session then remembers. Not remembered from a page view: a page writes
 * no session cookie (tests/store/session-cookie.routes.test.ts), and a read beside the cart's costs the page no waiting.
 */
async function buyerDefault(shop: EstimateShop): Promise<SavedEstimate | null> {
  try {
    const found = await shop.client.getAddresses({ addressType: "Shipping", defaultOnly: true, pageSize: 1 });
    const address = found.items.find((a) => a.isDefault === true) ?? found.items[0];
    const postalCode = typeof address?.postalCode === "string" ? address.postalCode : "";
    const country = typeof address?.country === "string" ? countryCode(address.country) : "";
    return { postalCode, country, cartId: null };
  } catch {
    // No address book (the store's setting) or a passing failure: the form starts empty.
    return null;
  }
}

/**
 * The estimate the cart page shows, read beside the cart's lines: null below 63.0. `search` is the page's query (a
 * refused address comes back in it); `cart()` is the page's read of the cart (its id, currency and whether it has
 * lines), awaited only when there is an estimate to read.
 */
export async function readCartEstimate(
  shop: EstimateShop,
  search: URLSearchParams,
  cart: () => Promise<{ cartId: string | null; currency: string; empty: boolean }>,
): Promise<CartEstimateView | null> {
  if (shop.client.apiVersion < ESTIMATE_SINCE) return null;
  const remembered = shop.session.get("shippingEstimate") ?? null;
  const ref = cartRef(shop);
  const groups =
    remembered?.cartId && ref
      ? shop.client.getDeliveryGroups(ref).then(
          (answer) => answer.items,
          () => null,
        )
      : null;
  const defaults = !remembered && shop.shopper.isLoggedIn ? buyerDefault(shop) : null;
  const countries = countriesOf(shop);
  const { cartId, currency, empty } = await cart();
  if (empty) return null;
  const saved = remembered ?? (defaults ? await defaults : null);

  // A refused address comes back in the URL (no JavaScript needed), and its message with it.
  const typedCountry = search.get(ESTIMATE_FIELDS.country);
  const typedCode = search.get(ESTIMATE_FIELDS.postalCode);
  const typed = typedCountry !== null || typedCode !== null;
  const appCountry = shop.appContext?.country ? countryCode(shop.appContext.country) : "";
  const fallbackCountry = countries.some((c) => c.code === appCountry) ? appCountry : countries[0].code;
  const country = countryCode(typed ? typedCountry : saved?.country || fallbackCountry) || fallbackCountry;
  const postalCode = (typed ? typedCode : saved?.postalCode) ?? "";

  const evaluated = saved?.cartId && saved.cartId === cartId ? await groups : null;
  return {
    countries,
    postalCode,
    country,
    error: typed ? postalCodeProblem(country, postalCode) : null,
    methods: evaluated ? methodsOf(evaluated, currency) : null,
    estimatedFor: evaluated && saved ? { postalCode: saved.postalCode, country: saved.country } : null,
  };
}

/** The cart page at its estimate, with what the shopper typed when it was refused (the form shows it again). */
function atEstimate(back: string, typed?: { country: string; postalCode: string }): string {
  const url = new URL(back, "http://store.invalid");
  if (typed) {
    url.searchParams.set(ESTIMATE_FIELDS.country, typed.country);
    url.searchParams.set(ESTIMATE_FIELDS.postalCode, typed.postalCode.slice(0, 40));
  }
  return `${url.pathname}${url.search}#${ESTIMATE_SECTION_ID}`;
}

/** The estimate form, posted: evaluated and back to the cart page (303), or back with the problem. */
export async function submitEstimate(
  shop: EstimateShop & Pick<CartCore, "redirect">,
  formData: FormData,
  back: string,
): Promise<Response> {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const country = countryCode(text(ESTIMATE_FIELDS.country));
  const postalCode = text(ESTIMATE_FIELDS.postalCode);
  const refused = (message: string) =>
    shop.redirect(atEstimate(back, { country, postalCode }), toast("error", message));

  if (!countriesOf(shop).some((c) => c.code === country)) return refused(ESTIMATE_MESSAGES.countryMissing);
  const problem = postalCodeProblem(country, postalCode);
  if (problem) return refused(problem);
  const ref = cartRef(shop);
  if (!ref) return shop.redirect(back, toast("error", "Your cart is empty."));
  try {
    const answer = await shop.client.evaluateShipping(ref, { country, postalCode });
    if (!answer) return shop.redirect(back);
    shop.session.set("shippingEstimate", { postalCode, country, cartId: answer.data?.data?.cartId ?? null });
    return shop.redirect(atEstimate(back));
  } catch (error) {
    return refused(cartErrorMessage(caught(error), ESTIMATE_MESSAGES.failed));
  }
}
