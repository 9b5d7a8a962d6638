/**
 * An order placed straight through the webstore API (as the checkout pages would place it: start, address, card,
 * place), for tests about what the store shows of an order afterwards: its shipments, its subscriptions, its pages.
 */
import { buyerAuthorization, type FetchFn } from "./identity";

const API_PATH = "/services/data/v65.0/commerce/webstores/0ZEDEMO00000001";

export interface OrderLine {
  productId: string;
  quantity: number;
  productSellingModelId?: string;
  subscriptionTerm?: number;
}

export interface Shopper {
  username: string;
  password: string;
}

/** A ship-to and card holder; the demo buyer's Austin address unless a test gives its own. */
export interface ShipTo {
  name: string;
  firstName?: string;
  lastName?: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

const SAM: ShipTo = {
  name: "Sam Shopper",
  street: "200 Congress Ave",
  city: "Austin",
  region: "TX",
  postalCode: "78701",
  country: "US",
};

export type ApiCall = (method: string, path: string, body?: unknown) => Promise<any>;

/** Signs `who` in on the site at `siteUrl` and calls the webstore's resources as them; a status ≥ 300 throws. */
export async function webstoreAs(who: Shopper, siteUrl: string, fetch: FetchFn = (r) => globalThis.fetch(r)) {
  const auth = await buyerAuthorization(fetch, siteUrl, who.username, who.password);
  const call: ApiCall = async (method, path, body) => {
    const res = await fetch(
      new Request(`${siteUrl}${API_PATH}/${path}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return call;
}

/** Checks the shopper's active cart out (a card payment, shipped to `shipTo`): the order's number. */
export async function checkoutActiveCart(call: ApiCall, shipTo: ShipTo = SAM): Promise<string> {
  const { checkoutId } = await call("PUT", "checkouts", { cartId: "active" });
  // Each start or change is read once before the next call: the first read after it answers 202 (an org's
  // calculators run a while), which ends the emulator's processing.
  await call("GET", `checkouts/${checkoutId}`);
  await call("PATCH", `checkouts/${checkoutId}`, { deliveryAddress: shipTo });
  await call("GET", `checkouts/${checkoutId}`);
  const token = await call("POST", "payments/token", {
    cardPaymentMethod: {
      cardHolderName: shipTo.name,
      cardNumber: "4242424242424242",
      cvv: "123",
      expiryMonth: "12",
      expiryYear: "2099",
      cardType: "Visa",
    },
  });
  await call("POST", `checkouts/${checkoutId}/payments`, { requestType: "Auth", paymentToken: token.token });
  const placed = await call("POST", `checkouts/${checkoutId}/orders`);
  return placed.orderReferenceNumber as string;
}

/** Adds `lines` to `who`'s cart and places it as their order: its number. */
export async function placeOrderThroughApi(siteUrl: string, who: Shopper, lines: OrderLine[]): Promise<string> {
  const call = await webstoreAs(who, siteUrl);
  for (const { quantity, ...line } of lines)
    await call("POST", "carts/active/cart-items", { ...line, quantity: String(quantity), type: "Product" });
  return checkoutActiveCart(call);
}
