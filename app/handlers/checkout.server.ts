/** The checkout domain (being moved here from the routes and app/checkout.server.ts). */
import type { Shop } from "./shop.server";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in as the domain moves here
export interface CheckoutHandler {}

export function createCheckoutHandler(shop: Shop): CheckoutHandler {
  void shop;
  return {};
}
