/**
 * The validation rules without zod: messages, flags, cleaning, number and date checks. Everything here is pure
 * and runs in Node and in the browser. Pages that validate without a zod schema (the header's and the product
 * page's quantities, the cart) import this module, so the browser does not download zod for them;
 * lib/validation (index.ts) re-exports it with the zod helpers forms use.
 */
import { isStepValid } from "./typed-numbers";

export * from "./typed-numbers";

// ---------------------------------------------------------------------------------------------
// Validity flags and their messages

/** The spec's validity flags, highest priority first. */
export const VALIDITY_FLAGS = [
  "customError",
  "badInput",
  "badNumericInput",
  "badEmailInput",
  "patternMismatch",
  "rangeOverflow",
  "rangeUnderflow",
  "stepMismatch",
  "tooLong",
  "tooShort",
  "typeMismatch",
  "valueMissing",
  "selectAtleastOneValue",
] as const;

export type ValidityFlag = (typeof VALIDITY_FLAGS)[number];
export type ValidityFlags = Partial<Record<ValidityFlag, boolean>>;

/** The address shown in 'Enter a valid email address, such as {email}.' */
export const SAMPLE_EMAIL = "john@example.com";
export const EMAIL_MAX_LENGTH = 80;

/** Replaces {0}, {1}, … (the spec's label placeholders) and {name} placeholders. */
export function formatMessage(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/** Message of each flag except customError, whose text comes from whoever raised it. */
export const VALIDITY_MESSAGES: Record<Exclude<ValidityFlag, "customError">, string> = {
  badInput: "Enter a valid value.",
  badNumericInput: "Enter a valid numeric value.",
  badEmailInput: "Enter a valid email address, such as {email}.".replace("{email}", SAMPLE_EMAIL),
  patternMismatch: "You have entered an invalid format.",
  rangeOverflow: "The number is too high.",
  rangeUnderflow: "The number is too low.",
  stepMismatch: "Your entry isn't a valid increment.",
  tooLong: "Your entry is too long.",
  tooShort: "Your entry is too short.",
  typeMismatch: "Invalid Format",
  valueMissing: "Complete this field.",
  selectAtleastOneValue: "You must select at least one choice from this set.",
};

/** Shown under a text input whose value reached its maxLength (information, not an error). */
export const LIMIT_REACHED_MESSAGE = "Limit reached";

/**
 * The single message for a set of raised flags, chosen by the spec's priority.
 * Accepts a list of flags or a flags object (a browser `ValidityState` fits too).
 * customError yields `customMessage`; without one it is skipped.
 */
export function messageForValidity(
  flags: Iterable<ValidityFlag> | ValidityFlags,
  options: { customMessage?: string } = {},
): string | undefined {
  const raised: ValidityFlags =
    Symbol.iterator in Object(flags)
      ? Object.fromEntries(Array.from(flags as Iterable<ValidityFlag>, (flag) => [flag, true]))
      : (flags as ValidityFlags);
  for (const flag of VALIDITY_FLAGS) {
    if (!raised[flag]) continue;
    if (flag === "customError") {
      if (options.customMessage) return options.customMessage;
      continue;
    }
    return VALIDITY_MESSAGES[flag];
  }
  return undefined;
}

const FLAG_BY_MESSAGE = new Map<string, ValidityFlag>(
  Object.entries(VALIDITY_MESSAGES).map(([flag, message]) => [message, flag as ValidityFlag]),
);

/** The flag behind a message; messages we do not know are custom errors (the highest priority). */
export function flagOfMessage(message: string): ValidityFlag {
  return FLAG_BY_MESSAGE.get(message) ?? "customError";
}

/**
 * zod reports every failed check; the spec shows one message per field. Sorting by flag priority
 * (stable, so custom messages keep their order) puts that message first.
 */
export function prioritiseErrors(errors: readonly string[] | null | undefined): string[] {
  if (!errors?.length) return [];
  const rank = (message: string) => VALIDITY_FLAGS.indexOf(flagOfMessage(message));
  return [...new Set(errors)].sort((a, b) => rank(a) - rank(b));
}

/** The one message a field shows. */
export function firstError(errors: readonly string[] | null | undefined): string | undefined {
  return prioritiseErrors(errors)[0];
}

// ---------------------------------------------------------------------------------------------
// Input widget rules

/** Input types the field widget knows (the spec's input widget; datetime = datetime-local). */
export const INPUT_TYPES = [
  "checkbox",
  "checkbox-button",
  "color",
  "date",
  "datetime",
  "datetime-local",
  "email",
  "file",
  "month",
  "number",
  "password",
  "radio",
  "range",
  "search",
  "tel",
  "text",
  "time",
  "toggle",
  "url",
  "week",
] as const;

export type InputType = (typeof INPUT_TYPES)[number];

export function isInputType(type: string | undefined): type is InputType {
  return typeof type === "string" && (INPUT_TYPES as readonly string[]).includes(type);
}

/** A programming mistake in how a widget is used (not a shopper's input error). */
export class InputWidgetError extends Error {
  override name = "InputWidgetError";
}

/**
 * Throws when a field is built with an unknown type or without a label: an unlabeled input is an
 * accessibility bug we want to see in development, not ship.
 */
export function assertInputWidget(widget: {
  type?: string;
  label?: string | null;
  name?: string;
}): asserts widget is { type: InputType; label: string; name?: string } {
  const where = widget.name ? ` (field "${widget.name}")` : "";
  if (!isInputType(widget.type)) {
    throw new InputWidgetError(
      `Unknown input type "${String(widget.type)}"${where}. Use one of: ${INPUT_TYPES.join(", ")}.`,
    );
  }
  if (typeof widget.label !== "string" || widget.label.trim() === "") {
    throw new InputWidgetError(`An input needs a label${where}.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Cleaning and length

/** E-mail lists: trims and removes the spaces shoppers put around commas. */
export function cleanEmail(value: string): string {
  return value.trim().replace(/\s*,\s*/g, ",");
}

/** Input types whose value is cleaned on blur (never passwords: their spaces are meaningful). */
export const CLEANED_INPUT_TYPES: readonly string[] = ["text", "search", "email", "tel", "url"];

export function isLimitReached(value: string | null | undefined, maxLength?: number | null): boolean {
  return typeof maxLength === "number" && maxLength > 0 && (value ?? "").length >= maxLength;
}

// ---------------------------------------------------------------------------------------------
// Value checks

/** The flags a number raises against its constraints. */
export function numberFlags(value: number, rules: { min?: number; max?: number; step?: number }): ValidityFlags {
  if (Number.isNaN(value)) return { badNumericInput: true };
  return {
    rangeOverflow: rules.max !== undefined && value > rules.max,
    rangeUnderflow: rules.min !== undefined && value < rules.min,
    stepMismatch: rules.step !== undefined && !isStepValid(value, rules.step, rules.min ?? 0),
  };
}

// Dates and colours are in modules of their own (validity-dates.ts, validity-colours.ts): only the pages with a date or
// colour field download them. lib/validation re-exports all three.

/** The constraints Conform puts on a form's inputs (required, maxLength, pattern…), by field name. */
export type FormConstraint = Record<string, { [Rule: string]: string | number | boolean | undefined }>;
