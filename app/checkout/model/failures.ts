/** What went wrong, in the shopper's words. */
import { formatMessage } from "~/lib/validation/validity";
import { isObject, text, type JsonField } from "./read";
import type { CheckoutLine } from "./shipments";

// ---------------------------------------------------------------------------------------------
// What went wrong, in the shopper's words

export const CHECKOUT_MESSAGES = {
  cartChanged: "Your cart changed. Review it and try again.",
  inProgress: "We're still saving your last change. Try again in a moment.",
  expired: "Your checkout expired, so we started it again. Check your details before you continue.",
  missing: "Your checkout isn't available anymore. Start again from your cart.",
  emptyCart: "Your cart is empty.",
  signIn: "Sign in to check out.",
  inventoryOne: "{0} is no longer available in the quantity you asked for.",
  inventoryMany: "{0} are no longer available in the quantities you asked for.",
  inventoryGeneric: "Some items are no longer available in the quantities you asked for.",
  declined: "Your card was declined. Use another card or payment method.",
  paymentSystemError: "We couldn't process your payment. Try again.",
  cardInvalid: "Check your card number.",
  purchaseOrderInvalid: "Check your purchase order number.",
  unavailable: "We couldn't update your checkout. Try again.",
  placeFailed: "We couldn't place your order. Try again.",
} as const;

/** One problem the API reported: Connect `{errorCode, message}` or checkout `{type, title, detail, instance}`. */
export interface CheckoutProblem {
  code: string;
  title: string | null;
  detail: string | null;
  instance: string | null;
}

/**
 * Every problem in an answer or error body, whatever its shape: a Connect error array, a checkout's `errors`,
 * or the `actions[].errors` of place-order v2.
 */
export function problemsFrom(body: JsonField): CheckoutProblem[] {
  if (Array.isArray(body)) return body.flatMap((entry) => problemsFrom(entry));
  if (!isObject(body)) return [];
  if (Array.isArray(body.actions))
    return body.actions.flatMap((a) => (isObject(a) ? problemsFrom(a.errors ?? []) : []));
  if (Array.isArray(body.errors)) return problemsFrom(body.errors);
  const code = text(body.errorCode) ?? text(body.type);
  if (!code) return [];
  return [
    {
      code,
      title: text(body.title) ?? null,
      detail: text(body.detail) ?? text(body.message) ?? null,
      instance: text(body.instance) ?? null,
    },
  ];
}

const INSUFFICIENT_INVENTORY = "INSUFFICIENT_INVENTORY";

/** Spec §8: the checkout error of the inventory integration. */
export function isInventoryProblem(problem: CheckoutProblem): boolean {
  return (
    problem.code === INSUFFICIENT_INVENTORY ||
    problem.title === INSUFFICIENT_INVENTORY ||
    /inventory-failure$/.test(problem.code)
  );
}

/** "Moka Pot is no longer available in the quantity you asked for." naming each product once. */
export function inventoryMessage(names: readonly string[]): string {
  const unique = [...new Set(names.filter(Boolean))];
  if (unique.length === 0) return CHECKOUT_MESSAGES.inventoryGeneric;
  if (unique.length === 1) return formatMessage(CHECKOUT_MESSAGES.inventoryOne, unique[0]);
  const list = `${unique.slice(0, -1).join(", ")} and ${unique[unique.length - 1]}`;
  return formatMessage(CHECKOUT_MESSAGES.inventoryMany, list);
}

/** The products an inventory problem is about: the line it names, else the lines the cart flags, else none. */
export function inventoryNames(problems: readonly CheckoutProblem[], lines: readonly CheckoutLine[]): string[] {
  const named = problems
    .filter(isInventoryProblem)
    .map((p) => lines.find((line) => line.id === p.instance || line.productId === p.instance)?.name)
    .filter((name): name is string => !!name);
  if (named.length > 0) return named;
  return lines.filter((line) => line.errors.length > 0).map((line) => line.name);
}

export type FailureKind =
  "inventory" | "conflict" | "inProgress" | "expired" | "missing" | "signIn" | "invalid" | "unavailable";

export interface CheckoutFailure {
  kind: FailureKind;
  message: string;
  /** Offer a link back to the cart (the shopper fixes it there). */
  cartLink: boolean;
}

/**
 * The code of a 409 on a checkout change made while the previous one still runs (Handle Asynchronous Processing:
 * "409 Conflict with error code CHECKOUT_CONFLICT"). Only a fallback where the call that failed is unknown: a 409
 * is read by its call, since placing the order answers 409 for another reason (the cart changed after payment).
 */
const CHECKOUT_CONFLICT = "CHECKOUT_CONFLICT";

/** Placing the order: `checkouts/{id}/orders` and place-order v2's `checkouts/{id}/orders/actions`. */
export function isPlaceOrderUrl(url: string | undefined): boolean {
  return !!url && /\/checkouts\/[^/?#]+\/orders(?:\/actions)?(?:[?#]|$)/.test(url);
}

/**
 * What a failed checkout call means for the shopper. Inventory first (it may come as 409, 412 or 422), then by
 * status: 409 the cart changed when placing the order (Place Order: "the cart changed after the payment was
 * authorised"), and an earlier change still processing for any other checkout call (Checkouts: 409 "if the previous
 * operation is still running"; its documented CHECKOUT_CONFLICT only a fallback); 410 the checkout expired, 404
 * it is gone, 401 a guest who may not check out, 400/412/422 the API's own words (still usable: the shopper can fix
 * it). `placing` tells which call failed; unknown, a 409 reads as "cart changed" (back to the cart: always safe).
 */
export function describeCheckoutFailure(
  input: {
    status?: number;
    code?: string;
    message?: string;
    problems?: readonly CheckoutProblem[];
    placing?: boolean;
  },
  lines: readonly CheckoutLine[] = [],
): CheckoutFailure {
  const problems = input.problems ?? [];
  if (input.code === INSUFFICIENT_INVENTORY || problems.some(isInventoryProblem)) {
    return { kind: "inventory", message: inventoryMessage(inventoryNames(problems, lines)), cartLink: true };
  }
  switch (input.status) {
    case 409:
      return input.placing === false || (input.placing === undefined && input.code === CHECKOUT_CONFLICT)
        ? { kind: "inProgress", message: CHECKOUT_MESSAGES.inProgress, cartLink: false }
        : { kind: "conflict", message: CHECKOUT_MESSAGES.cartChanged, cartLink: true };
    case 410:
      return { kind: "expired", message: CHECKOUT_MESSAGES.expired, cartLink: false };
    case 404:
      return { kind: "missing", message: CHECKOUT_MESSAGES.missing, cartLink: true };
    case 401:
      return { kind: "signIn", message: CHECKOUT_MESSAGES.signIn, cartLink: false };
    case 400:
    case 412:
    case 422: {
      const words = problems
        .map((p) => (p.title && p.detail && p.title !== p.code ? `${p.title} ${p.detail}` : (p.detail ?? p.title)))
        .filter(Boolean);
      const message = words[0] ?? input.message ?? CHECKOUT_MESSAGES.unavailable;
      return { kind: "invalid", message, cartLink: false };
    }
    default:
      return { kind: "unavailable", message: CHECKOUT_MESSAGES.unavailable, cartLink: false };
  }
}

/** Messages for the problems a ready checkout reports (GET 422): inventory named, the rest in the API's words. */
export function problemMessages(problems: readonly CheckoutProblem[], lines: readonly CheckoutLine[]): string[] {
  const messages: string[] = [];
  if (problems.some(isInventoryProblem)) messages.push(inventoryMessage(inventoryNames(problems, lines)));
  for (const p of problems.filter((x) => !isInventoryProblem(x))) {
    const message = p.title && p.detail ? `${p.title} ${p.detail}` : (p.detail ?? p.title);
    if (message && !messages.includes(message)) messages.push(message);
  }
  return messages;
}
