/** Reading the API's loosely typed JSON (delivery groups, cart items, problems): the helpers of lib/checkout. */
export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
export const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);
export const money = (v: unknown): string | null =>
  typeof v === "string" && v !== "" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : null;
