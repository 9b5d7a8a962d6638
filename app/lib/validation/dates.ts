/** Date and date-time checks of the validation rules (lib/validation/validity): the date picker's and datetime inputs'. */
import { formatDate, isIsoDate } from "~/lib/format/formats";
import { formatMessage, VALIDITY_MESSAGES, type ValidityFlags } from "./validity";

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
  rules: { min?: string; max?: string; required?: boolean } = {},
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
