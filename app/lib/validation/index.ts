/**
 * One validation module for the server (authoritative) and the browser (instant feedback).
 *
 * Forms use Conform + zod: every route builds its zod schema from the helpers below, parses with
 * `parseWithZod` in its action and hands the same schema to `useForm` (see components/useZodForm.ts).
 * Messages are the spec's generic texts (§5). When several rules fail at once, the spec's validity-flag
 * priority picks the one message shown (`messageForValidity`, `prioritiseErrors`). The rules without zod live
 * in validity.ts (re-exported here), for pages that need no schema: importing this module brings zod.
 *
 * Everything here is pure and runs in Node and in the browser.
 */
import { z } from "zod";
import { isEmail } from "~/lib/format/formats";
import {
  EMAIL_MAX_LENGTH,
  VALIDITY_MESSAGES,
  cleanEmail,
  cleanWhitespace,
  isStepValid,
  messageForValidity,
  parseNumberShortcut,
} from "./validity";
import { QUANTITY_MAX, QUANTITY_MIN } from "../../../server/webstore/limits";
import { dateTimeFlags, parseDateInput, parseDateTime, validateDate } from "./dates";
import { COLOUR_PICKER_MESSAGE, HEX_MAX_LENGTH, isHexColour, normaliseHex } from "./colours";

export * from "./validity";

/** A comma-separated list of e-mails, each valid, no empty entries. */
export function isEmailList(value: string): boolean {
  const entries = value.split(",").map((entry) => entry.trim());
  return entries.length > 0 && entries.every((entry) => entry !== "" && isEmail(entry));
}

export * from "./dates";
export * from "./colours";

// ---------------------------------------------------------------------------------------------
// zod helpers
//
// Each helper reads a form string, cleans it, then checks it. They are built as
// `string → transform(clean) → pipe(checks)` so that Conform's `getZodConstraint` still sees the
// constraints (required, maxLength, min, max, pattern) and puts them on the inputs.

const M = VALIDITY_MESSAGES;

/**
 * A schema factory whose schemas are built once per distinct options: a page's schema was built again for every
 * render and every action on the server (zod's constructors showed in the checkout pages' profiles), though its
 * options rarely change. Schemas are immutable, so one serves every request. The options are the store's settings,
 * a saved address's country (one the API accepted) and a day (the delivery step's first date): the map stays small.
 */
export function builtOncePerOptions<Options, Schema>(
  build: (options: Options) => Schema,
): (options: Options) => Schema {
  const built = new Map<string, Schema>();
  return (options) => {
    const key = JSON.stringify(options) ?? "";
    if (!built.has(key)) built.set(key, build(options));
    return built.get(key)!;
  };
}

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
  required: boolean,
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
  options: TextOptions & RequiredOption<R> = {},
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
  options: EmailOptions & RequiredOption<R> = {},
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
  options: NumberOptions & RequiredOption<R> = {},
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

/** A cart quantity: a whole number from 1 to 100000000 (spec §5, §9). */
export function quantity<R extends boolean = true>(options: RequiredOption<R> = {}): FormFieldSchema<number, R> {
  return number({ min: QUANTITY_MIN, max: QUANTITY_MAX, step: 1, required: options.required });
}

/**
 * #RGB or #RRGGBB, output as #RRGGBB. The message defaults to the colour picker's
 * ('Enter a valid hexadecimal value.'), the only colour wording the spec gives.
 */
export function colour<R extends boolean = true>(
  options: RequiredOption<R> & { message?: string } = {},
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
  options: RequiredOption<R> & { min?: string; max?: string } = {},
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
  options: RequiredOption<R> & { min?: string; max?: string } = {},
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
