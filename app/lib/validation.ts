/**
 * One validation module for the server (authoritative) and the browser (instant feedback).
 *
 * Forms use Conform + zod: every route builds its zod schema from the helpers below, parses with
 * `parseWithZod` in its action and hands the same schema to `useForm` (see components/form.ts).
 * Messages are the spec's generic texts (§5). When several rules fail at once, the spec's validity-flag
 * priority picks the one message shown (`messageForValidity`, `prioritiseErrors`).
 *
 * Everything here is pure and runs in Node and in the browser.
 */
import { z } from "zod";
import { formatDate, isEmail, isIsoDate } from "./formats";

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
  options: { customMessage?: string } = {}
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
  Object.entries(VALIDITY_MESSAGES).map(([flag, message]) => [message, flag as ValidityFlag])
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

export function isInputType(type: unknown): type is InputType {
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
      `Unknown input type "${String(widget.type)}"${where}. Use one of: ${INPUT_TYPES.join(", ")}.`
    );
  }
  if (typeof widget.label !== "string" || widget.label.trim() === "") {
    throw new InputWidgetError(`An input needs a label${where}.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Cleaning and length

/** Trims and collapses runs of whitespace (tabs, new lines, no-break spaces) into one space. */
export function cleanWhitespace(value: string): string {
  return value.replace(/[\s\u00a0]+/g, " ").trim();
}

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

/** A comma-separated list of e-mails, each valid, no empty entries. */
export function isEmailList(value: string): boolean {
  const entries = value.split(",").map((entry) => entry.trim());
  return entries.length > 0 && entries.every((entry) => entry !== "" && isEmail(entry));
}

const SHORTCUT_EXPONENT: Record<string, number> = { k: 3, m: 6, b: 9, t: 12 };

/**
 * Reads a typed number, with the spec's shortcuts: 2k = 2000, 1.5m = 1500000, b = 1e9, t = 1e12.
 * Grouping commas ("1,500") are accepted. Returns NaN when the text is not a number.
 */
export function parseNumberShortcut(text: string): number {
  const match = /^([+-]?)((?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?)\s*([kmbt]?)$/i.exec(text.trim());
  if (!match) return Number.NaN;
  const [, sign, digits, suffix] = match;
  const plain = digits.replace(/,/g, "");
  if (!/\d/.test(plain)) return Number.NaN;
  const exponent = SHORTCUT_EXPONENT[suffix.toLowerCase()] ?? 0;
  // Shifting the decimal point in text avoids 1.1 * 1000 = 1100.0000000000002.
  return Number(`${sign}${plain}e${exponent}`);
}

/** True when `value` is `base` plus a whole number of `step`s (the native stepMismatch rule). */
export function isStepValid(value: number, step: number, base = 0): boolean {
  if (!(step > 0)) return true;
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** The flags a number raises against its constraints. */
export function numberFlags(value: number, rules: { min?: number; max?: number; step?: number }): ValidityFlags {
  if (Number.isNaN(value)) return { badNumericInput: true };
  return {
    rangeOverflow: rules.max !== undefined && value > rules.max,
    rangeUnderflow: rules.min !== undefined && value < rules.min,
    stepMismatch: rules.step !== undefined && !isStepValid(value, rules.step, rules.min ?? 0),
  };
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Normalises a date-time entry to "YYYY-MM-DDTHH:mm" (the value of datetime-local) or returns null.
 * A date without a time is not a date-time: the spec counts it as bad input.
 */
export function parseDateTime(value: string): string | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, date, hours, minutes, seconds] = match;
  if (!isIsoDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) {
    return null;
  }
  return `${date}T${hours}:${minutes}${seconds && seconds !== "00" ? `:${seconds}` : ""}`;
}

export function dateTimeFlags(value: string, rules: { min?: string; max?: string } = {}): ValidityFlags {
  const normalised = parseDateTime(value);
  if (!normalised) return { badInput: true };
  return {
    rangeOverflow: rules.max !== undefined && normalised > rules.max,
    rangeUnderflow: rules.min !== undefined && normalised < rules.min,
  };
}

// ---------------------------------------------------------------------------------------------
// Date picker

export const DATE_PICKER_MESSAGES = {
  format: "Your entry does not match the allowed format {0}.",
  min: "Value must be {0} or later.",
  max: "Value must be {0} or earlier.",
  after: "Select a date after {0}",
  before: "Select a date before {0}",
  range: "Select a date from {0} through {1}",
} as const;

/** What a shopper types when the browser has no date control (type=date falls back to text). */
export const DATE_INPUT_FORMAT = "M/d/yyyy";

/** Reads "YYYY-MM-DD" (what type=date submits) or "M/d/yyyy" (what a shopper types); ISO or null. */
export function parseDateInput(value: string): string | null {
  const text = value.trim();
  if (isIsoDate(text)) return text;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[1].padStart(2, "0")}-${match[2].padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

/** The hint under a date picker that has bounds, e.g. 'Select a date from Jan 1, 2025 through …'. */
export function dateRangeHint(range: { min?: string; max?: string }): string | undefined {
  const min = range.min ? formatDate(range.min, "medium") : "";
  const max = range.max ? formatDate(range.max, "medium") : "";
  if (min && max) return formatMessage(DATE_PICKER_MESSAGES.range, min, max);
  // The bounds are allowed dates, while "after"/"before" exclude the date they name: name the day just outside.
  if (min) return formatMessage(DATE_PICKER_MESSAGES.after, formatDate(shiftIsoDate(range.min!, -1), "medium"));
  if (max) return formatMessage(DATE_PICKER_MESSAGES.before, formatDate(shiftIsoDate(range.max!, 1), "medium"));
  return undefined;
}

/** "YYYY-MM-DD" moved by whole days (calendar arithmetic in UTC, so no daylight-saving surprises). */
function shiftIsoDate(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The date picker's message for an entry, or undefined when it is acceptable. */
export function validateDate(
  value: string | null | undefined,
  rules: { min?: string; max?: string; required?: boolean } = {}
): string | undefined {
  const text = (value ?? "").trim();
  if (text === "") return rules.required ? VALIDITY_MESSAGES.valueMissing : undefined;
  const iso = parseDateInput(text);
  if (!iso) return formatMessage(DATE_PICKER_MESSAGES.format, DATE_INPUT_FORMAT);
  if (rules.min && iso < rules.min) {
    return formatMessage(DATE_PICKER_MESSAGES.min, formatDate(rules.min, "medium"));
  }
  if (rules.max && iso > rules.max) {
    return formatMessage(DATE_PICKER_MESSAGES.max, formatDate(rules.max, "medium"));
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Colours (input type colour and the colour picker)

export const COLOUR_PICKER_MESSAGE = "Enter a valid hexadecimal value.";
export const DEFAULT_COLOUR = "#5679C0";
export const DEFAULT_RGB = { r: 86, g: 121, b: 192 } as const;
export const COLOUR_CANVAS = { width: 198, height: 80 } as const;
export const HUE_MAX = 360;
export const HEX_MIN_LENGTH = 4;
export const HEX_MAX_LENGTH = 7;
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export type Rgb = { r: number; g: number; b: number };
export type Hsv = { h: number; s: number; v: number };

/** #RGB or #RRGGBB. */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value.trim());
}

/** The colour picker's message for a hex entry, or undefined when it is valid. */
export function validateHexInput(value: string | null | undefined): string | undefined {
  const text = (value ?? "").trim();
  if (text.length < HEX_MIN_LENGTH || text.length > HEX_MAX_LENGTH || !isHexColour(text)) {
    return COLOUR_PICKER_MESSAGE;
  }
  return undefined;
}

/** "#abc" → "#AABBCC"; invalid entries fall back to black, as the spec's picker does. */
export function normaliseHex(value: string): string {
  return rgbToHex(hexToRgb(value));
}

/** Channels of a hex colour; invalid hex is black. */
export function hexToRgb(value: string): Rgb {
  const text = value.trim();
  if (!isHexColour(text)) return { r: 0, g: 0, b: 0 };
  const digits =
    text.length === 4
      ? text
          .slice(1)
          .split("")
          .map((d) => d + d)
          .join("")
      : text.slice(1);
  return {
    r: parseInt(digits.slice(0, 2), 16),
    g: parseInt(digits.slice(2, 4), 16),
    b: parseInt(digits.slice(4, 6), 16),
  };
}

/** An RGB channel from any entry: 0-255, rounded; non-numeric or negative becomes 0. */
export function clampChannel(value: unknown): number {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (Number.isNaN(number) || number < 0) return 0;
  return Math.min(255, Math.round(number));
}

export function rgbToHex(rgb: { r: unknown; g: unknown; b: unknown }): string {
  const hex = [rgb.r, rgb.g, rgb.b].map((channel) => clampChannel(channel).toString(16).padStart(2, "0")).join("");
  return `#${hex.toUpperCase()}`;
}

/** Hue in degrees 0-360; anything else is wrapped or clamped into it. */
export function clampHue(value: unknown): number {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(number)) return 0;
  return Math.min(HUE_MAX, Math.max(0, Math.round(number)));
}

/** h 0-360, s and v 0-100 (the picker canvas: x = saturation, y = brightness). */
export function rgbToHsv({ r, g, b }: Rgb): Hsv {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const delta = max - min;
  let h = 0;
  if (delta !== 0) {
    if (max === rn) h = ((gn - bn) / delta) % 6;
    else if (max === gn) h = (bn - rn) / delta + 2;
    else h = (rn - gn) / delta + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h: Math.round(h), s: max === 0 ? 0 : Math.round((delta / max) * 100), v: Math.round(max * 100) };
}

export function hsvToRgb({ h, s, v }: Hsv): Rgb {
  const hue = clampHue(h) % 360;
  const sat = Math.min(100, Math.max(0, s)) / 100;
  const val = Math.min(100, Math.max(0, v)) / 100;
  const c = val * sat;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = val - c;
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
      ? [x, c, 0]
      : hue < 180
      ? [0, c, x]
      : hue < 240
      ? [0, x, c]
      : hue < 300
      ? [x, 0, c]
      : [c, 0, x];
  return { r: Math.round((r + m) * 255), g: Math.round((g + m) * 255), b: Math.round((b + m) * 255) };
}

// ---------------------------------------------------------------------------------------------
// zod helpers
//
// Each helper reads a form string, cleans it, then checks it. They are built as
// `string → transform(clean) → pipe(checks)` so that Conform's `getZodConstraint` still sees the
// constraints (required, maxLength, min, max, pattern) and puts them on the inputs.

const M = VALIDITY_MESSAGES;

/** A zod schema reading one form field: output T, input the submitted string. */
export type FormFieldSchema<T, Required extends boolean = true> = [Required] extends [false]
  ? z.ZodType<T | undefined, z.ZodTypeDef, string | undefined>
  : z.ZodType<T, z.ZodTypeDef, string>;

type RequiredOption<R extends boolean> = { required?: R };

function formString() {
  return z.string({ required_error: M.valueMissing, invalid_type_error: M.badInput });
}

/**
 * The shared shape: a cleaned string that must not be empty when required, then `checks`.
 * Conform turns an empty field into `undefined`; plain `safeParse` sees ""; both end in valueMissing.
 */
function fromFormString<Out extends z.ZodTypeAny>(
  clean: (value: string) => string,
  checks: Out,
  required: boolean
): z.ZodTypeAny {
  if (required) {
    return formString().transform(clean).pipe(formString().min(1, M.valueMissing)).pipe(checks);
  }
  return formString()
    .transform((value) => clean(value) || undefined)
    .pipe(checks.optional())
    .optional();
}

export type TextOptions = { min?: number; max?: number; pattern?: RegExp };

/** Free text, whitespace-cleaned: valueMissing, tooShort, tooLong, patternMismatch. */
export function requiredText<R extends boolean = true>(
  options: TextOptions & RequiredOption<R> = {}
): FormFieldSchema<string, R> {
  let checks = formString();
  if (options.min !== undefined) checks = checks.min(options.min, M.tooShort);
  if (options.max !== undefined) checks = checks.max(options.max, M.tooLong);
  if (options.pattern) checks = checks.regex(options.pattern, M.patternMismatch);
  return fromFormString(cleanWhitespace, checks, options.required !== false) as FormFieldSchema<string, R>;
}

/** Same as requiredText, for fields a shopper may leave empty. */
export function optionalText(options: TextOptions = {}): FormFieldSchema<string, false> {
  return requiredText({ ...options, required: false });
}

export type EmailOptions = { multiple?: boolean; max?: number };

/**
 * One e-mail address (exactly one @, no whitespace or commas) or, with `multiple`, a comma-separated
 * list without empty entries. At most 80 characters unless `max` says otherwise.
 */
export function email<R extends boolean = true>(
  options: EmailOptions & RequiredOption<R> = {}
): FormFieldSchema<string, R> {
  const check = options.multiple ? isEmailList : isEmail;
  const checks = formString()
    .max(options.max ?? EMAIL_MAX_LENGTH, M.tooLong)
    .refine(check, M.badEmailInput);
  return fromFormString(cleanEmail, checks, options.required !== false) as FormFieldSchema<string, R>;
}

export type NumberOptions = { min?: number; max?: number; step?: number; integer?: boolean };

/** A number with the k/m/b/t shortcuts: badNumericInput, rangeOverflow, rangeUnderflow, stepMismatch. */
export function number<R extends boolean = true>(
  options: NumberOptions & RequiredOption<R> = {}
): FormFieldSchema<number, R> {
  const step = options.step ?? (options.integer ? 1 : undefined);
  let range = z.number({ invalid_type_error: M.badNumericInput });
  if (options.min !== undefined) range = range.min(options.min, M.rangeUnderflow);
  if (options.max !== undefined) range = range.max(options.max, M.rangeOverflow);
  const checks = formString()
    .transform((text, ctx) => {
      const value = parseNumberShortcut(text);
      if (Number.isNaN(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.badNumericInput });
        return z.NEVER;
      }
      return value;
    })
    .pipe(range.refine((value) => step === undefined || isStepValid(value, step, options.min ?? 0), M.stepMismatch));
  return fromFormString(cleanWhitespace, checks, options.required !== false) as FormFieldSchema<number, R>;
}

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 100_000_000;

/** A cart quantity: a whole number from 1 to 100000000 (spec §5, §9). */
export function quantity<R extends boolean = true>(options: RequiredOption<R> = {}): FormFieldSchema<number, R> {
  return number({ min: QUANTITY_MIN, max: QUANTITY_MAX, step: 1, required: options.required });
}

/**
 * #RGB or #RRGGBB, output as #RRGGBB. The message defaults to the colour picker's
 * ('Enter a valid hexadecimal value.'), the only colour wording the spec gives.
 */
export function colour<R extends boolean = true>(
  options: RequiredOption<R> & { message?: string } = {}
): FormFieldSchema<string, R> {
  const checks = formString()
    .max(HEX_MAX_LENGTH, options.message ?? COLOUR_PICKER_MESSAGE)
    // A refinement rather than .regex(): the regex would become an unreadable HTML pattern attribute.
    .refine(isHexColour, options.message ?? COLOUR_PICKER_MESSAGE)
    .transform(normaliseHex);
  return fromFormString((value) => value.trim(), checks, options.required !== false) as FormFieldSchema<string, R>;
}

/** A date and a time ("YYYY-MM-DDTHH:mm"); a date alone is bad input. min/max in the same form. */
export function dateTime<R extends boolean = true>(
  options: RequiredOption<R> & { min?: string; max?: string } = {}
): FormFieldSchema<string, R> {
  const checks = formString()
    .superRefine((value, ctx) => {
      const message = messageForValidity(dateTimeFlags(value, options));
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    })
    .transform((value) => parseDateTime(value) ?? value);
  return fromFormString((value) => value.trim(), checks, options.required !== false) as FormFieldSchema<string, R>;
}

/** A calendar day for the date picker ("YYYY-MM-DD" or "M/d/yyyy" in, "YYYY-MM-DD" out). */
export function date<R extends boolean = true>(
  options: RequiredOption<R> & { min?: string; max?: string } = {}
): FormFieldSchema<string, R> {
  const checks = formString()
    .superRefine((value, ctx) => {
      const message = validateDate(value, options);
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    })
    .transform((value) => parseDateInput(value) ?? value);
  return fromFormString((value) => value.trim(), checks, options.required !== false) as FormFieldSchema<string, R>;
}

/** A group of checkboxes where at least one must be ticked (selectAtleastOneValue). */
export function atLeastOne<T extends [string, ...string[]]>(values: T) {
  return z
    .array(z.enum(values, { invalid_type_error: M.badInput }), {
      required_error: M.selectAtleastOneValue,
      invalid_type_error: M.badInput,
    })
    .min(1, M.selectAtleastOneValue);
}
