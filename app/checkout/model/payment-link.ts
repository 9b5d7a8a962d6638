/** Pay-now links (spec §4): where a payment link's page is, and what the shopper is told about it. */

export const PAYMENT_LINK_MESSAGES = {
  created: "Payment link created. Pay now, or come back to this link later.",
  failed: "We couldn't create a payment link. Try again.",
  empty: "Your cart is empty.",
  cancelled: "Payment link cancelled.",
  paid: "This payment link has been paid.",
} as const;
