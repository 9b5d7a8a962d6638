/**
 * Subscriptions (spec §1, §3 "Cart item input": productSellingModelId, subscriptionTerm): a product's selling
 * models as the product page offers them, and a cart or order line's term in words. Pure and light: the product
 * page, the cart, the checkout summary and the order page all import it.
 */

import type { ApplicationContext, CartItem, ProductSellingModel } from "../../../server/webstore/index";

const text = (v: string | null | undefined): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** ProductSellingModel.SellingModelType's values. */
export type SellingModelType = "OneTime" | "Evergreen" | "TermDefined";

/** One way a product is sold: once, an evergreen subscription, or a plan of a set term. */
export interface SellingModelOption {
  id: string;
  /** The model's name as the store names it ("Monthly Subscription"). */
  name: string;
  type: SellingModelType;
  /** What the shopper reads under the name: "Renews every month until you cancel." */
  description: string;
  /** The model's pricing term (a plan of 12 months: 12), what a cart item's `subscriptionTerm` says. */
  term: number | null;
  /**
   * The numbers of pricing terms a term-defined plan may be bought for, from its Subscription Term Rule (minimum to
   * maximum by increment): the shopper's choice of term. Empty when the model sets no rule.
   */
  terms: readonly { count: number; label: string }[];
}

/**
 * Whether the store sells subscriptions at all (application context `subscriptionConfig`): Commerce Subscriptions
 * (`subscriptionPlusEnabled`) or Revenue Cloud's (`rlmSubscriptionEnabled`). Without either, a product's plans are
 * not offered: it is sold once. (`commerceSubscriptionARCUIEnabled` names the org's own subscription management
 * screens, nothing a storefront shows: docs/decisions.)
 */
export function subscriptionsOffered(config: ApplicationContext["subscriptionConfig"]): boolean {
  return config?.subscriptionPlusEnabled === true || config?.rlmSubscriptionEnabled === true;
}

/**
 * What a cart item carries for a chosen model: a term-defined plan the number of terms the shopper chose (Cart Item
 * Input `subscriptionTerm`, "the total number of terms in the subscription period") when its rule allows it, else
 * the rule's minimum, else the model's pricing term.
 */
export function subscriptionTermFor(
  option: SellingModelOption | undefined,
  chosen?: FormDataEntryValue | null,
): number | undefined {
  if (option?.type !== "TermDefined") return undefined;
  const asked = typeof chosen === "string" && /^\d{1,3}$/.test(chosen) ? Number(chosen) : NaN;
  if (option.terms.some((t) => t.count === asked)) return asked;
  if (option.terms.length) return option.terms[0].count;
  return option.term ?? undefined;
}

/** The form field the product page sends a plan's chosen term in (the Cart Item Input's name). */
export const SUBSCRIPTION_TERM_FIELD = "subscriptionTerm";

/** The most choices of term the page offers (a rule of 1 to 100 years is offered up to 12). */
const MAX_TERM_CHOICES = 12;

/** A plan's choices of term: "1 year", "2 years" for an annual pricing term, "6 months" for a monthly one. */
function termChoices(
  rule: ProductSellingModel["subscriptionTermRule"],
  pricingTerm: number | null,
  unit: string | undefined,
) {
  if (!rule) return [];
  const min = numberOf(rule.minimum);
  if (!min) return [];
  const max = Math.max(numberOf(rule.maximum) ?? min, min);
  const step = numberOf(rule.increment) ?? 1;
  const period = unitWord(unit);
  const out: { count: number; label: string }[] = [];
  for (let n = min; n <= max && out.length < MAX_TERM_CHOICES; n += step)
    out.push({ count: n, label: count(n * (pricingTerm ?? 1), period) });
  return out;
}

/** The form field the product page sends the chosen model in (the Cart Item Input's name). */
export const SELLING_MODEL_FIELD = "productSellingModelId";

/** A ProductSellingModel record id (key prefix 0jP), 15 or 18 characters. */
const SELLING_MODEL_ID = /^0jP[0-9A-Za-z]{12}(?:[0-9A-Za-z]{3})?$/;

export const isSellingModelId = (value: string) => SELLING_MODEL_ID.test(value);

/** What the product page says when the posted purchase option is no selling model id at all. */
export const UNKNOWN_SELLING_MODEL_MESSAGE = "Choose one of this product's purchase options.";

const TYPES: readonly SellingModelType[] = ["OneTime", "Evergreen", "TermDefined"];

/** "Months" / "Annual" (PricingTermUnit) as a period word: "month", "year". */
function unitWord(unit: string | undefined): string {
  if (!unit) return "month";
  const lower = unit.toLowerCase();
  if (lower.startsWith("annual") || lower.startsWith("year")) return "year";
  if (lower.startsWith("week")) return "week";
  if (lower.startsWith("day")) return "day";
  return "month";
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function describe(type: SellingModelType, term: number | null, unit: string | undefined): string {
  const period = unitWord(unit);
  if (type === "OneTime") return "Buy once, no subscription.";
  if (type === "Evergreen")
    return term && term > 1
      ? `Renews every ${count(term, period)} until you cancel.`
      : `Renews every ${period} until you cancel.`;
  const months = (term ?? 1) * (period === "year" ? 12 : 1);
  return period === "year" || period === "month"
    ? `A ${months}-month plan, billed ${period === "year" ? "yearly" : "monthly"}.`
    : "A plan of a set term.";
}

/** A number the API may also send as a string (a cart item's `subscriptionTerm`). */
const numberOf = (v: number | string | null | undefined): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * The product detail's `productSellingModels` (Product Selling Model: id, name, sellingModelType, pricingTerm,
 * pricingTermUnit) as radio choices: one-time first, then the subscriptions in the API's order.
 */
export function sellingModelOptions(models: readonly ProductSellingModel[] | null | undefined): SellingModelOption[] {
  if (!models) return [];
  const options = models.flatMap((m): SellingModelOption[] => {
    const id = text(m.id);
    const type = TYPES.find((t) => t === m.sellingModelType);
    if (!id || !type) return [];
    return [
      {
        id,
        name: text(m.name) ?? (type === "OneTime" ? "One-time purchase" : "Subscription"),
        type,
        description: describe(type, numberOf(m.pricingTerm), text(m.pricingTermUnit)),
        term: numberOf(m.pricingTerm),
        terms:
          type === "TermDefined"
            ? termChoices(m.subscriptionTermRule, numberOf(m.pricingTerm), text(m.pricingTermUnit))
            : [],
      },
    ];
  });
  return [...options.filter((o) => o.type === "OneTime"), ...options.filter((o) => o.type !== "OneTime")];
}

/**
 * A cart item's term in words, from its Cart Item fields (productSellingModelId, sellingModelType,
 * subscriptionTerm, billingFrequency): "Monthly subscription", "12-month plan, billed monthly", "One-time
 * purchase" for a subscription product bought once; null for a product sold without selling models.
 */
export function cartItemTerm(
  item: Pick<CartItem, "productSellingModelId" | "sellingModelType" | "billingFrequency" | "subscriptionTerm"> | null,
): string | null {
  if (!item || !text(item.productSellingModelId)) return null;
  const type = TYPES.find((t) => t === item.sellingModelType) ?? "OneTime";
  if (type === "OneTime") return "One-time purchase";
  const yearly = /^(annual|yearly)/i.test(text(item.billingFrequency) ?? "");
  const billed = yearly ? "yearly" : text(item.billingFrequency) ? "monthly" : null;
  if (type === "Evergreen") return billed ? `${capitalise(billed)} subscription` : "Subscription";
  // A term-defined plan lasts subscriptionTerm pricing terms (one when the cart item doesn't say).
  const months = (numberOf(item.subscriptionTerm) ?? 1) * (yearly ? 12 : 1);
  return billed ? `${months}-month plan, billed ${billed}` : "Subscription plan";
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
