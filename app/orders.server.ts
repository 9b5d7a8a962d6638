/** Moved to handlers/orders.server.ts; this re-export serves app/checkout.server.ts until it moves too. */
export { rememberGuestVerification } from "./handlers/orders.server";
