import { api, guest, login, type Target } from "./targets.js";

/**
 * A shopper's session against a target: a guest token (Headless Guest Flow) or the bearer token of a signed-in
 * buyer. Steps of the checkout flow read like a shopper's.
 */
export interface Shopper {
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; headers: Headers; body: any }>;
}

export const PRODUCTS = {
  coffee: "01tDM0000000001", // $18.50, plenty of stock
  mug: "01tDM0000000027", // $12.00
  lastUnit: "01tDM000000LAST", // $79.00, exactly one in stock
} as const;

export const TEXAS = {
  name: "Sam Shopper",
  firstName: "Sam",
  lastName: "Shopper",
  street: "200 Congress Ave",
  city: "Austin",
  region: "TX",
  postalCode: "78701",
  country: "US",
};
export const LONDON = {
  name: "Sam Shopper",
  street: "10 Downing Street",
  city: "London",
  postalCode: "SW1A 2AA",
  country: "GB",
};

export const CARDS = {
  success: "4242424242424242",
  decline: "4000000000000002",
  systemError: "4000000000000119",
  notLuhn: "4242424242424241",
};

export async function shopper(target: Target, username?: string): Promise<Shopper> {
  const raw = api(target);
  const headers: Record<string, string> = username ? await login(target, username) : await guest(target);
  return {
    call: (method, path, body) => raw(method, path, body, headers),
  };
}

export async function addItem(s: Shopper, productId: string, quantity = 1) {
  const res = await s.call("POST", "carts/active/cart-items", {
    productId,
    quantity: String(quantity),
    type: "Product",
  });
  if (res.status !== 201) throw new Error(`add item: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { cartId: string; cartItemId: string };
}

/**
 * Reads the checkout as a client polls it after a start or a change: until it no longer answers 202 (the org's
 * calculators ran). Tests that make the emulator's calculation last set `checkoutPolls` (a number of reads), so these
 * reads end it; a calculation held by `checkoutSeconds` alone ends with the clock instead.
 */
export async function settled(s: Shopper, checkoutId: string) {
  for (let reads = 0; reads < 10; reads++) {
    const res = await s.call("GET", `checkouts/${checkoutId}`);
    if (res.status !== 202) return res;
  }
  throw new Error(`checkout ${checkoutId} still processing after 10 reads`);
}

/** A change as a client makes it: the PATCH (answer returned), then reads until the checkout is ready again. */
export async function changeCheckout(s: Shopper, checkoutId: string, body: unknown) {
  const res = await s.call("PATCH", `checkouts/${checkoutId}`, body);
  if (res.status === 202) await settled(s, checkoutId);
  return res;
}

/** Starts the checkout of the active cart and waits, as a client does, until its calculators ran. */
export async function startCheckout(s: Shopper) {
  const res = await s.call("PUT", "checkouts", { cartId: "active" });
  if (res.status !== 200 && res.status !== 202)
    throw new Error(`start checkout: ${res.status} ${JSON.stringify(res.body)}`);
  const checkoutId = res.body.checkoutId as string;
  await settled(s, checkoutId);
  return checkoutId;
}

export async function cardToken(s: Shopper, cardNumber = CARDS.success) {
  const res = await s.call("POST", "payments/token", {
    cardPaymentMethod: {
      cardHolderName: "Sam Shopper",
      cardNumber,
      cvv: "123",
      expiryMonth: "12",
      expiryYear: "2099",
      cardType: "Visa",
    },
  });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** A guest checkout that can be placed: items, address (cheapest method), contact details and a card payment. */
export async function payableCheckout(s: Shopper, items: [string, number][] = [[PRODUCTS.coffee, 2]]) {
  for (const [productId, quantity] of items) await addItem(s, productId, quantity);
  return payActiveCart(s);
}

/**
 * The active cart's checkout, made ready to place as a client does: started, an address (cheapest method) and contact
 * details, each change read until the calculators ran (a payment meanwhile is a 409), then paid by card.
 */
export async function payActiveCart(s: Shopper) {
  const checkoutId = await startCheckout(s);
  await changeCheckout(s, checkoutId, { deliveryAddress: TEXAS });
  await changeCheckout(s, checkoutId, {
    contactInfo: { firstName: "Sam", lastName: "Shopper", email: "sam@example.com", phoneNumber: "5125550100" },
  });
  const pay = await s.call("POST", `checkouts/${checkoutId}/payments`, {
    requestType: "Auth",
    paymentToken: await cardToken(s),
  });
  if (pay.body?.salesforceResultCode !== "Success")
    throw new Error(`payment: ${pay.status} ${JSON.stringify(pay.body)}`);
  return checkoutId;
}
