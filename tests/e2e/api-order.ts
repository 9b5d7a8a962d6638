/**
 * An order placed for a buyer straight through the emulated API (as the checkout pages would place it), for specs
 * about what the store shows of an order afterwards: its shipments, the subscriptions it made.
 */
import { apiAuth, BUYER, SITE } from "./support";

const API = `${SITE}/services/data/v65.0/commerce/webstores/0ZEDEMO00000001`;

export interface OrderLine {
  productId: string;
  quantity: number;
  productSellingModelId?: string;
  subscriptionTerm?: number;
}

/** Places `lines` as the buyer's order (a card payment, an Austin address): its number. */
export async function placeOrderThroughApi(lines: OrderLine[], who = BUYER): Promise<string> {
  const auth = await apiAuth.buyer(who);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${API}/${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  for (const { quantity, ...line } of lines)
    await call("POST", "carts/active/cart-items", { ...line, quantity: String(quantity), type: "Product" });
  const { checkoutId } = await call("PUT", "checkouts", { cartId: "active" });
  // Each start or change is read once: the first read after it ends the emulator's processing.
  await call("GET", `checkouts/${checkoutId}`);
  await call("PATCH", `checkouts/${checkoutId}`, {
    deliveryAddress: {
      name: "Sam Shopper",
      street: "200 Congress Ave",
      city: "Austin",
      region: "TX",
      postalCode: "78701",
      country: "US",
    },
  });
  await call("GET", `checkouts/${checkoutId}`);
  const token = await call("POST", "payments/token", {
    cardPaymentMethod: {
      cardHolderName: "Sam Shopper",
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
