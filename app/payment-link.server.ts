/**
 * Pay-now links moved to the checkout's handler (handlers/checkout/payment-link.server, `shop.checkout`): this
 * keeps the cart page's imports working until it calls `shop.checkout.createPaymentLink()`.
 */
export { createPaymentLink, type CreatedPaymentLink } from "./handlers/checkout/payment-link.server";
// The cart's action takes these from here: a .server module is nothing in the browser, so the cart page doesn't
// load the payment link's words for an action that runs on the server.
export { PAYMENT_LINK_MESSAGES, payPath } from "./lib/payment-link";
