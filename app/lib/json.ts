import type { JsonObject, JsonValue } from "../../server/webstore/index";

/**
 * The one reader of the API's loosely typed JSON (records' `fields`, order and wishlist answers the adapter types as
 * JsonObject): what a view may assume of a value before it reads a field of it.
 */
export type Json = JsonObject;
/** A field of a JSON object: any JSON value, or undefined when the answer left it out. */
export type JsonField = JsonValue | undefined;
export type { JsonValue };

/** True for a JSON object. */
// boundary: besides the adapter's JSON it sorts values of no known type (what was thrown, a parsed cookie).
export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const asArray = (value: JsonField): JsonValue[] => (Array.isArray(value) ? value : []);

/** A string with something in it (not only spaces), else undefined: an optional field of a view. */
export const text = (value: JsonField): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;
