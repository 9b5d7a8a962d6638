/** The checkout's steps (their paths are in lib/paths). */
import { CHECKOUT_STEP_PATHS } from "~/lib/paths";

// ---------------------------------------------------------------------------------------------
// Steps

export const CHECKOUT_STEPS = [
  { id: "shipping", label: "Shipping", path: CHECKOUT_STEP_PATHS.shipping },
  { id: "delivery", label: "Delivery", path: CHECKOUT_STEP_PATHS.delivery },
  { id: "payment", label: "Payment", path: CHECKOUT_STEP_PATHS.payment },
  { id: "review", label: "Review", path: CHECKOUT_STEP_PATHS.review },
] as const;

export type CheckoutStepId = (typeof CHECKOUT_STEPS)[number]["id"];
