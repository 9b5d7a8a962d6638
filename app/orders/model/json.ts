/**
 * Reading the API's order JSON, which comes in loosely typed and is read defensively (the real API and the emulator
 * may leave out any field that was not asked for), and its money strings, summed without floating-point drift.
 */
import { parseMoney } from "~/lib/format/formats";

import { isObject, type JsonField } from "~/lib/json";

export { asArray, isObject, type Json, type JsonField, type JsonValue } from "~/lib/json";
const str = (value: JsonField): string | null =>
  typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : null;
export const nonBlank = (value: JsonField): string | null => {
  const text = str(value);
  return text !== null && text.trim() !== "" ? text : null;
};

/**
 * The text of a record field (`fields: { Name: { dataName, label, text, type } }`). The API keys
 * fields by their bare name or by `Entity.Name` depending on the resource; both are tried.
 */
export function fieldText(fields: JsonField, name: string, entities: readonly string[] = []): string | null {
  if (!isObject(fields)) return null;
  for (const key of [name, ...entities.map((entity) => `${entity}.${name}`)]) {
    const field = fields[key];
    if (isObject(field)) {
      const text = str(field.text);
      if (text !== null) return text;
    }
  }
  return null;
}

export function firstText(...values: JsonField[]): string | null {
  for (const value of values) {
    const text = nonBlank(value);
    if (text !== null) return text;
  }
  return null;
}

export function toCents(amount: JsonField): number | null {
  const value = parseMoney(typeof amount === "number" || typeof amount === "string" ? amount : null);
  // toPrecision first: 1.005 * 100 is 100.49999999999999 in floating point, and must round to 101.
  return value === null ? null : Math.round(Number((value * 100).toPrecision(12)));
}

export const centsToAmount = (cents: number): string => (cents / 100).toFixed(2);

/** Sums money amounts to 2 decimals ("-1.95" + "-1.95" = "-3.90"); amounts that are not numbers count as 0. */
export function sumAmounts(amounts: readonly JsonField[]): string {
  return centsToAmount(amounts.reduce<number>((total, amount) => total + (toCents(amount) ?? 0), 0));
}
