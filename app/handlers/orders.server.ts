/** The orders domain (being moved here from the routes and app/orders.server.ts). */
import type { Shop } from "./shop.server";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in as the domain moves here
export interface OrdersHandler {}

export function createOrdersHandler(shop: Shop): OrdersHandler {
  void shop;
  return {};
}
