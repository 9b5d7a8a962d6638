/** The checkout's steps and their paths. */
// ---------------------------------------------------------------------------------------------
// Steps

export const CHECKOUT_STEPS = [
  { id: "shipping", label: "Shipping", path: "/checkout/shipping" },
  { id: "delivery", label: "Delivery", path: "/checkout/delivery" },
  { id: "payment", label: "Payment", path: "/checkout/payment" },
  { id: "review", label: "Review", path: "/checkout/review" },
] as const;

export type CheckoutStepId = (typeof CHECKOUT_STEPS)[number]["id"];

export function stepPath(step: CheckoutStepId): string {
  return CHECKOUT_STEPS.find((s) => s.id === step)!.path;
}

export const CHECKOUT_START_PATH = "/checkout";

export function confirmationPath(orderNumber: string): string {
  return `/checkout/confirmation/${encodeURIComponent(orderNumber)}`;
}

/** Where the order pages (built elsewhere) show a placed order. */
export function orderSummaryPath(orderNumber: string): string {
  return `/OrderSummary/${encodeURIComponent(orderNumber)}`;
}
