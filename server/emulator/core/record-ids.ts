import { ApiError } from "./errors.js";
import { KEY_PREFIX, type IdKind } from "./ids.js";

const ID_SHAPE = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

/**
 * Checks that a value is a record id of the given kind and returns its 15-character form (Salesforce accepts
 * the 18-character form too). A malformed id or one of another type answers 400 INVALID_ID_FIELD, as the API
 * does; whether a well-formed id names a record is the caller's question (404).
 */
export function recordId(value: unknown, kind: IdKind | { prefix: string }, label: string): string {
  const prefix = typeof kind === "string" ? KEY_PREFIX[kind] : kind.prefix;
  if (typeof value !== "string" || !ID_SHAPE.test(value) || !value.startsWith(prefix)) {
    throw new ApiError(400, "INVALID_ID_FIELD", `Invalid id for ${label}: ${JSON.stringify(value ?? null)}`);
  }
  return value.slice(0, 15);
}

export function isRecordId(value: unknown, kind: IdKind): value is string {
  return typeof value === "string" && ID_SHAPE.test(value) && value.startsWith(KEY_PREFIX[kind]);
}
