/** Reading the API's loosely typed JSON (delivery groups, cart items, problems): the helpers of checkout/model. */
import type { JsonField } from "~/lib/json";

export { isObject, text, type Json, type JsonField } from "~/lib/json";
export const money = (v: JsonField): string | null =>
  typeof v === "string" && v !== "" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : null;
