/**
 * The one reader of the API's loosely typed JSON (records' `fields`, order and wishlist answers the client types as
 * JsonObject): what a view may assume of a value before it reads a field of it.
 */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A string with something in it (not only spaces), else undefined: an optional field of a view. */
export const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;
