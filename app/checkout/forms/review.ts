// The review's one button, shared by the page and its schema: the page has no zod.
export const PLACE_ORDER_INTENT = "placeOrder";
