/** Reading the API's loosely typed JSON (delivery groups, cart items, problems): the helpers of checkout/model. */
export { isObject, text, type Json } from "~/lib/json";
export const money = (v: unknown): string | null =>
  typeof v === "string" && v !== "" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : null;
