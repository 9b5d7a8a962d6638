/**
 * A variation family as the product page shows it, read from the API's product detail (`variationInfo`: each
 * attribute's allowable and available values, and the attribute combination of each variation offered), and a
 * variation's attribute values as cart, checkout, order and wishlist lines name them. Pure: loaders and tests.
 *
 * The shopper's choice lives in the page's URL (`?Color=Denim`, `?Size=Large&Color=Black`), one parameter per
 * attribute named by its label, so every state of the picker has a URL and works as a GET form without JavaScript.
 */
import { isObject, type JsonField } from "~/lib/json";
import type { ProductDetail } from "../../../server/webstore/index";

const text = (v: JsonField): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

export interface VariationAttribute {
  apiName: string;
  label: string;
  /** The URL parameter the attribute's choice travels in: its label, or its API name when two labels collide. */
  param: string;
  /** Every value the attribute may take (allowableValues), in the picklist's order. */
  values: string[];
  /** The values some variation offered in the store has (availableValues). */
  available: string[];
}

export interface VariationFamily {
  /** The variation parent: the page the choice is made on. */
  parentId: string;
  attributes: VariationAttribute[];
  /** The variations offered, each with its value per attribute (by API name). */
  variations: { productId: string; values: Record<string, string> }[];
}

/** What the shopper chose, by attribute API name (null: not chosen yet). */
export type VariationChoice = Record<string, string | null>;

/** Whether a value can be chosen: "unavailable" when no variation offered has it at all (discontinued). */
export type ValueState = "available" | "unavailable" | "combination-unavailable";

/**
 * The family of a product detail (a variation parent's, or a variation's: its own family); null for a product
 * without variations.
 */
export function variationFamily(product: ProductDetail): VariationFamily | null {
  if (!isObject(product.variationInfo)) return null;
  const info = product.variationInfo;
  const byName = isObject(info.variationAttributeInfo) ? info.variationAttributeInfo : {};
  const entries = Object.values(byName)
    .filter(isObject)
    .map((a) => ({ a, sequence: typeof a.sequence === "number" ? a.sequence : Number.MAX_SAFE_INTEGER }))
    .sort((x, y) => x.sequence - y.sequence)
    .map(({ a }) => a);
  const labels = entries.map((a) => text(a.label) ?? text(a.apiName) ?? "");
  const attributes: VariationAttribute[] = entries.flatMap((a, i) => {
    const apiName = text(a.apiName);
    if (!apiName) return [];
    const strings = (v: JsonField) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
    const available = strings(a.availableValues);
    const allowable = strings(a.allowableValues);
    const label = labels[i] || apiName;
    return [
      {
        apiName,
        label,
        param: labels.indexOf(label) === i && labels.lastIndexOf(label) === i ? label : apiName,
        values: allowable.length > 0 ? allowable : available,
        available,
      },
    ];
  });
  const mappings = Array.isArray(info.attributesToProductMappings) ? info.attributesToProductMappings : [];
  const variations = mappings.filter(isObject).flatMap((m) => {
    const productId = text(m.productId);
    if (!productId) return [];
    const values: Record<string, string> = {};
    for (const s of Array.isArray(m.selectedAttributes) ? m.selectedAttributes.filter(isObject) : []) {
      const name = text(s.apiName);
      const value = text(s.value);
      if (name && value) values[name] = value;
    }
    return [{ productId, values }];
  });
  if (attributes.length === 0) return null;
  const parentId = text(product.variationParentId) ?? text(product.id) ?? "";
  return { parentId, attributes, variations };
}

/** The choice a URL carries: each attribute's parameter, when it names one of the attribute's values. */
export function choiceFromQuery(family: VariationFamily, query: URLSearchParams): VariationChoice {
  return Object.fromEntries(
    family.attributes.map((a) => {
      const value = query.get(a.param);
      return [a.apiName, value !== null && a.values.includes(value) ? value : null];
    }),
  );
}

/** The choice of a variation's own page: its values. */
export function choiceOf(family: VariationFamily, productId: string): VariationChoice | null {
  const variation = family.variations.find((v) => v.productId === productId);
  if (!variation) return null;
  return Object.fromEntries(family.attributes.map((a) => [a.apiName, variation.values[a.apiName] ?? null]));
}

/** The URL query of a choice (only the attributes chosen), in the attributes' order. */
export function choiceQuery(family: VariationFamily, choice: VariationChoice): URLSearchParams {
  const query = new URLSearchParams();
  for (const a of family.attributes) {
    const value = choice[a.apiName];
    if (value) query.set(a.param, value);
  }
  return query;
}

/** The variation the choice names: every attribute chosen and one variation offered with those values. */
export function chosenVariation(family: VariationFamily, choice: VariationChoice): string | null {
  if (family.attributes.some((a) => !choice[a.apiName])) return null;
  const match = family.variations.find((v) =>
    family.attributes.every((a) => v.values[a.apiName] === choice[a.apiName]),
  );
  return match?.productId ?? null;
}

/**
 * Whether choosing `value` for `attribute` (the other choices kept) leads to a variation: never ("unavailable":
 * no variation offered has the value), not with the other choices ("combination-unavailable"), or it may.
 */
export function valueState(
  family: VariationFamily,
  choice: VariationChoice,
  attribute: VariationAttribute,
  value: string,
): ValueState {
  if (!attribute.available.includes(value)) return "unavailable";
  const fits = family.variations.some(
    (v) =>
      v.values[attribute.apiName] === value &&
      family.attributes.every(
        (a) => a === attribute || !choice[a.apiName] || v.values[a.apiName] === choice[a.apiName],
      ),
  );
  return fits ? "available" : "combination-unavailable";
}

/** A variation family's picker as the page shows it: each attribute's values and what the shopper chose. */
export interface VariationPickerView {
  /** The variation parent's id: the picker's GET form goes to its page. */
  parentId: string;
  attributes: {
    apiName: string;
    label: string;
    param: string;
    chosen: string | null;
    options: { value: string; state: ValueState }[];
  }[];
  /** The chosen variation (every attribute chosen, and a variation offered with those values); else null. */
  chosenId: string | null;
  /** The labels of the attributes not chosen yet. */
  missing: string[];
  /** The choice as the page's query ("Color=Denim"), kept by the add-to-cart redirect. */
  query: string;
}

/** The picker of a family for a choice. */
export function pickerView(family: VariationFamily, choice: Record<string, string | null>): VariationPickerView {
  const chosenId = chosenVariation(family, choice);
  return {
    parentId: family.parentId,
    attributes: family.attributes.map((a) => ({
      apiName: a.apiName,
      label: a.label,
      param: a.param,
      chosen: choice[a.apiName] ?? null,
      options: a.values.map((value) => ({ value, state: valueState(family, choice, a, value) })),
    })),
    chosenId,
    missing: family.attributes.filter((a) => !choice[a.apiName]).map((a) => a.label),
    query: choiceQuery(family, choice).toString(),
  };
}

/** One attribute of a variation as a line names it: "Color: Denim". */
export interface LineAttribute {
  label: string;
  value: string;
}

/**
 * A variation's attribute values from the API's map of attribute API name to `{label, sequence, value}` (Cart
 * Product Attribute of a cart or wishlist item, Order Summary Product Attribute), in sequence; empty for any other
 * product. A bare string value is read with its API name as the label.
 */
export function lineAttributes(map: JsonField): LineAttribute[] {
  if (!isObject(map)) return [];
  return Object.entries(map)
    .flatMap(([apiName, entry]) => {
      if (typeof entry === "string") return entry ? [{ label: apiName, value: entry, sequence: 0 }] : [];
      if (!isObject(entry)) return [];
      const value = text(entry.value);
      if (!value) return [];
      const sequence = typeof entry.sequence === "number" ? entry.sequence : 0;
      return [{ label: text(entry.label) ?? apiName, value, sequence }];
    })
    .sort((a, b) => a.sequence - b.sequence)
    .map(({ label, value }) => ({ label, value }));
}

/** An order item's Product Attribute Set Summary (`productAttributes`): its attributes in sequence. */
export function attributeSetSummary(summary: JsonField): LineAttribute[] {
  if (!isObject(summary) || !Array.isArray(summary.attributes)) return [];
  return summary.attributes
    .filter(isObject)
    .map((a) => ({
      label: text(a.label) ?? text(a.apiName) ?? "",
      value: text(a.value) ?? "",
      sequence: typeof a.sequence === "number" ? a.sequence : 0,
    }))
    .filter((a) => a.label && a.value)
    .sort((a, b) => a.sequence - b.sequence)
    .map(({ label, value }) => ({ label, value }));
}

/** "Color: Denim, Size: Large". */
export const attributesText = (attributes: readonly LineAttribute[]) =>
  attributes.map((a) => `${a.label}: ${a.value}`).join(", ");
