import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  assertInputWidget,
  atLeastOne,
  cleanEmail,
  cleanWhitespace,
  date,
  dateRangeHint,
  dateTime,
  email,
  firstError,
  flagOfMessage,
  formatMessage,
  InputWidgetError,
  isEmailList,
  isLimitReached,
  isStepValid,
  LIMIT_REACHED_MESSAGE,
  messageForValidity,
  number,
  optionalText,
  parseDateInput,
  parseDateTime,
  parseNumberShortcut,
  prioritiseErrors,
  quantity,
  requiredText,
  SAMPLE_EMAIL,
  validateDate,
  VALIDITY_FLAGS,
  VALIDITY_MESSAGES,
} from "../../app/lib/validation";

function messagesOf(schema: z.ZodTypeAny, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** What the server does: Conform reads the FormData (empty → undefined) and zod checks it. */
function submit(schema: z.ZodTypeAny, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: z.object({ field: schema }) });
}

describe("validity flags and messages", () => {
  it("lists the spec's flags in priority order", () => {
    expect(VALIDITY_FLAGS).toEqual([
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
    ]);
  });

  it.each([
    ["valueMissing", "Complete this field."],
    ["badInput", "Enter a valid value."],
    ["badNumericInput", "Enter a valid numeric value."],
    ["badEmailInput", `Enter a valid email address, such as ${SAMPLE_EMAIL}.`],
    ["patternMismatch", "You have entered an invalid format."],
    ["rangeOverflow", "The number is too high."],
    ["rangeUnderflow", "The number is too low."],
    ["stepMismatch", "Your entry isn't a valid increment."],
    ["tooLong", "Your entry is too long."],
    ["tooShort", "Your entry is too short."],
    ["typeMismatch", "Invalid Format"],
    ["selectAtleastOneValue", "You must select at least one choice from this set."],
  ] as const)("maps %s to its message", (flag, message) => {
    expect(messageForValidity([flag])).toBe(message);
    expect(VALIDITY_MESSAGES[flag]).toBe(message);
  });

  it("uses john@example.com as the sample address", () => {
    expect(VALIDITY_MESSAGES.badEmailInput).toBe("Enter a valid email address, such as john@example.com.");
  });

  it("returns nothing when no flag is raised", () => {
    expect(messageForValidity([])).toBeUndefined();
    expect(messageForValidity({ valueMissing: false, tooLong: false })).toBeUndefined();
  });

  it("picks the highest-priority flag whatever the order they are given in", () => {
    expect(messageForValidity(["valueMissing", "tooLong", "patternMismatch"])).toBe(VALIDITY_MESSAGES.patternMismatch);
    expect(messageForValidity({ tooShort: true, rangeUnderflow: true })).toBe(VALIDITY_MESSAGES.rangeUnderflow);
    expect(messageForValidity({ typeMismatch: true, valueMissing: true })).toBe(VALIDITY_MESSAGES.typeMismatch);
    expect(messageForValidity({ valueMissing: true, selectAtleastOneValue: true })).toBe(
      VALIDITY_MESSAGES.valueMissing,
    );
  });

  it("reads a browser ValidityState-like object", () => {
    const validity = { valid: false, badInput: false, customError: false, valueMissing: true, tooLong: false };
    expect(messageForValidity(validity)).toBe("Complete this field.");
  });

  it("gives customError's own message first, and skips it when there is none", () => {
    expect(messageForValidity(["customError", "badInput"], { customMessage: "Coupon expired." })).toBe(
      "Coupon expired.",
    );
    expect(messageForValidity(["customError", "badInput"])).toBe(VALIDITY_MESSAGES.badInput);
  });

  it("sorts zod's messages by flag priority, unknown messages counting as custom errors", () => {
    expect(prioritiseErrors([VALIDITY_MESSAGES.tooLong, VALIDITY_MESSAGES.badEmailInput])).toEqual([
      VALIDITY_MESSAGES.badEmailInput,
      VALIDITY_MESSAGES.tooLong,
    ]);
    expect(firstError([VALIDITY_MESSAGES.valueMissing, "Server says no."])).toBe("Server says no.");
    expect(flagOfMessage(VALIDITY_MESSAGES.stepMismatch)).toBe("stepMismatch");
    expect(firstError(undefined)).toBeUndefined();
  });

  it("fills {0} and {1} placeholders", () => {
    expect(formatMessage("Select a date from {0} through {1}", "A", "B")).toBe("Select a date from A through B");
    expect(formatMessage("Keep {2}", "A")).toBe("Keep {2}");
  });
});

describe("input widget rules", () => {
  it("accepts a known type with a label", () => {
    expect(() => assertInputWidget({ type: "email", label: "Email" })).not.toThrow();
    expect(() => assertInputWidget({ type: "datetime", label: "When" })).not.toThrow();
  });

  it("throws a developer error for an unknown type", () => {
    expect(() => assertInputWidget({ type: "emial", label: "Email" })).toThrow(InputWidgetError);
    expect(() => assertInputWidget({ type: "emial", label: "Email" })).toThrow(/Unknown input type "emial"/);
  });

  it("throws a developer error without a label", () => {
    expect(() => assertInputWidget({ type: "text", label: "", name: "x" })).toThrow(/needs a label \(field "x"\)/);
    expect(() => assertInputWidget({ type: "text", label: "   " })).toThrow(InputWidgetError);
  });
});

describe("cleaning and length", () => {
  it("trims and collapses whitespace", () => {
    expect(cleanWhitespace("  Jane \t  Doe\n ")).toBe("Jane Doe");
    expect(cleanWhitespace("Jane Doe")).toBe("Jane Doe");
  });

  it("removes the spaces around commas of an e-mail list", () => {
    expect(cleanEmail(" a@x.com ,  b@y.com ")).toBe("a@x.com,b@y.com");
  });

  it("says 'Limit reached' when the value is as long as maxLength", () => {
    expect(LIMIT_REACHED_MESSAGE).toBe("Limit reached");
    expect(isLimitReached("abcde", 5)).toBe(true);
    expect(isLimitReached("abcd", 5)).toBe(false);
    expect(isLimitReached("abcd", undefined)).toBe(false);
  });
});

describe("requiredText", () => {
  const schema = requiredText({ max: 5 });

  it("passes cleaned text", () => {
    expect(schema.parse("  a   b ")).toBe("a b");
  });

  it("says 'Complete this field.' for empty and blank values", () => {
    expect(messagesOf(schema, "")).toEqual(["Complete this field."]);
    expect(messagesOf(schema, "   ")).toEqual(["Complete this field."]);
    expect(messagesOf(schema, undefined)).toEqual(["Complete this field."]);
  });

  it("says 'Your entry is too long.' above max", () => {
    expect(messagesOf(schema, "abcdef")).toEqual(["Your entry is too long."]);
    expect(messagesOf(schema, "abcde")).toEqual([]);
  });

  it("says 'Your entry is too short.' below min and flags a pattern mismatch", () => {
    const strict = requiredText({ min: 3, pattern: /^[A-Z]+$/ });
    expect(messagesOf(strict, "AB")).toEqual(["Your entry is too short."]);
    expect(messagesOf(strict, "abc")).toEqual(["You have entered an invalid format."]);
    expect(messagesOf(strict, "ABC")).toEqual([]);
  });

  it("works through Conform on the server: errors at once, blank counts as empty", () => {
    const failed = submit(schema, { field: "   " });
    expect(failed.status).toBe("error");
    expect(failed.reply().error).toEqual({ field: ["Complete this field."] });
    const passed = submit(schema, { field: " Jane " });
    expect(passed.status).toBe("success");
    expect(passed.status === "success" && passed.value).toEqual({ field: "Jane" });
  });

  it("exposes its constraints to the inputs through getZodConstraint", () => {
    const constraint = getZodConstraint(z.object({ name: schema, nick: optionalText({ max: 3 }) }));
    expect(constraint.name).toMatchObject({ required: true, maxLength: 5 });
    expect(constraint.nick).toMatchObject({ required: false, maxLength: 3 });
  });

  it("lets an optional field be empty but still checks its length", () => {
    const nick = optionalText({ max: 3 });
    expect(nick.parse("   ")).toBeUndefined();
    expect(nick.parse(undefined)).toBeUndefined();
    expect(messagesOf(nick, "abcd")).toEqual(["Your entry is too long."]);
  });
});

describe("email", () => {
  const single = email();
  const multiple = email({ multiple: true });
  const bad = `Enter a valid email address, such as ${SAMPLE_EMAIL}.`;

  it("accepts one address with exactly one @", () => {
    expect(single.parse(" john@example.com ")).toBe("john@example.com");
  });

  it.each(["john", "john@@example.com", "jo hn@example.com", "a@b.com,c@d.com", "@example.com", "john@"])(
    "refuses %j as a single address",
    (value) => {
      expect(messagesOf(single, value)).toEqual([bad]);
    },
  );

  it("requires a value", () => {
    expect(messagesOf(single, "")).toEqual(["Complete this field."]);
  });

  it("allows at most 80 characters", () => {
    const long = `${"a".repeat(70)}@example.com`;
    expect(messagesOf(single, long)).toEqual(["Your entry is too long."]);
    expect(messagesOf(single, `${"a".repeat(68)}@example.com`)).toEqual([]);
  });

  it("accepts a comma-separated list when multiple", () => {
    expect(multiple.parse("a@x.com, b@y.com")).toBe("a@x.com,b@y.com");
    expect(isEmailList("a@x.com,b@y.com")).toBe(true);
  });

  it("refuses lists with empty entries or a bad address", () => {
    expect(messagesOf(multiple, "a@x.com,,b@y.com")).toEqual([bad]);
    expect(messagesOf(multiple, "a@x.com,")).toEqual([bad]);
    expect(messagesOf(multiple, "a@x.com,b@@y.com")).toEqual([bad]);
    expect(messagesOf(single, "a@x.com,b@y.com")).toEqual([bad]);
  });

  it("can be optional", () => {
    const optional = email({ required: false });
    expect(optional.parse(undefined)).toBeUndefined();
    expect(messagesOf(optional, "nope")).toEqual([bad]);
  });
});

describe("numbers", () => {
  it.each([
    ["2k", 2000],
    ["1.5m", 1_500_000],
    ["1b", 1e9],
    ["1t", 1e12],
    ["3K", 3000],
    ["1.1k", 1100],
    ["-2k", -2000],
    ["1,500", 1500],
    ["42", 42],
    ["0.25", 0.25],
  ])("reads %s as %d", (text, value) => {
    expect(parseNumberShortcut(text)).toBe(value);
  });

  it.each(["", "k", "2x", "1.2.3", "12,34", "two"])("refuses %j", (text) => {
    expect(parseNumberShortcut(text)).toBeNaN();
  });

  it("checks range and step with the spec's messages", () => {
    const schema = number({ min: 10, max: 5000, step: 5 });
    expect(schema.parse("2k")).toBe(2000);
    expect(messagesOf(schema, "6k")).toEqual(["The number is too high."]);
    expect(messagesOf(schema, "5")).toEqual(["The number is too low."]);
    expect(messagesOf(schema, "12")).toEqual(["Your entry isn't a valid increment."]);
    expect(messagesOf(schema, "abc")).toEqual(["Enter a valid numeric value."]);
    expect(messagesOf(schema, "")).toEqual(["Complete this field."]);
  });

  it("measures steps from min", () => {
    expect(isStepValid(7, 5, 2)).toBe(true);
    expect(isStepValid(8, 5, 2)).toBe(false);
    expect(isStepValid(0.3, 0.1)).toBe(true);
  });

  it("takes shortcuts through Conform too", () => {
    const result = submit(number(), { field: "1.5m" });
    expect(result.status === "success" && result.value).toEqual({ field: 1_500_000 });
  });
});

describe("quantity", () => {
  const schema = quantity();

  it("accepts whole numbers from 1 to 100000000", () => {
    expect(schema.parse("1")).toBe(1);
    expect(schema.parse("100000000")).toBe(100_000_000);
    expect(schema.parse("2k")).toBe(2000);
  });

  it("refuses 0, more than 100000000 and fractions", () => {
    expect(messagesOf(schema, "0")).toContain("The number is too low.");
    expect(messagesOf(schema, "100000001")).toEqual(["The number is too high."]);
    expect(messagesOf(schema, "1.5")).toEqual(["Your entry isn't a valid increment."]);
  });
});

describe("date-time", () => {
  it("accepts a date with a time", () => {
    expect(dateTime().parse("2025-03-01T09:30")).toBe("2025-03-01T09:30");
    expect(parseDateTime("2025-03-01 09:30:15")).toBe("2025-03-01T09:30:15");
  });

  it("counts a date without a time as bad input", () => {
    expect(messagesOf(dateTime(), "2025-03-01")).toEqual(["Enter a valid value."]);
    expect(parseDateTime("2025-03-01")).toBeNull();
  });

  it("refuses impossible dates and times", () => {
    expect(parseDateTime("2025-02-30T10:00")).toBeNull();
    expect(parseDateTime("2025-03-01T24:00")).toBeNull();
  });

  it("checks min and max", () => {
    const schema = dateTime({ min: "2025-03-01T00:00", max: "2025-03-31T23:59" });
    expect(messagesOf(schema, "2025-02-28T10:00")).toEqual(["The number is too low."]);
    expect(messagesOf(schema, "2025-04-01T10:00")).toEqual(["The number is too high."]);
    expect(messagesOf(schema, "2025-03-15T10:00")).toEqual([]);
  });
});

describe("date picker rules", () => {
  it("reads ISO dates and M/d/yyyy", () => {
    expect(parseDateInput("2025-03-05")).toBe("2025-03-05");
    expect(parseDateInput("3/5/2025")).toBe("2025-03-05");
    expect(parseDateInput("2/30/2025")).toBeNull();
    expect(parseDateInput("05.03.2025")).toBeNull();
  });

  it("says the allowed format for an unreadable entry", () => {
    expect(validateDate("05.03.2025")).toBe("Your entry does not match the allowed format M/d/yyyy.");
    expect(validateDate("3/5/2025")).toBeUndefined();
  });

  it("says 'Value must be {0} or later.' before min and '… or earlier.' after max", () => {
    const rules = { min: "2025-03-01", max: "2025-03-31" };
    expect(validateDate("2025-02-28", rules)).toBe("Value must be Mar 1, 2025 or later.");
    expect(validateDate("2025-04-01", rules)).toBe("Value must be Mar 31, 2025 or earlier.");
    expect(validateDate("2025-03-01", rules)).toBeUndefined();
  });

  it("requires a value only when required", () => {
    expect(validateDate("", { required: true })).toBe("Complete this field.");
    expect(validateDate("", {})).toBeUndefined();
  });

  it("describes the allowed range", () => {
    // The first allowed date is Mar 1 and the last Mar 31: "after"/"before" name the days just outside them.
    expect(dateRangeHint({ min: "2025-03-01" })).toBe("Select a date after Feb 28, 2025");
    expect(dateRangeHint({ max: "2025-03-31" })).toBe("Select a date before Apr 1, 2025");
    expect(dateRangeHint({ min: "2025-01-01" })).toBe("Select a date after Dec 31, 2024");
    expect(dateRangeHint({ min: "2025-03-01", max: "2025-03-31" })).toBe(
      "Select a date from Mar 1, 2025 through Mar 31, 2025",
    );
    expect(dateRangeHint({})).toBeUndefined();
  });

  it("checks on the server through the date() schema", () => {
    const schema = date({ min: "2025-03-01" });
    expect(schema.parse("3/5/2025")).toBe("2025-03-05");
    expect(messagesOf(schema, "2025-02-01")).toEqual(["Value must be Mar 1, 2025 or later."]);
  });
});

describe("atLeastOne", () => {
  it("needs one ticked choice", () => {
    const schema = atLeastOne(["mon", "fri"]);
    expect(schema.parse(["mon"])).toEqual(["mon"]);
    expect(messagesOf(schema, [])).toEqual(["You must select at least one choice from this set."]);
  });

  it("says so through Conform when nothing is ticked", () => {
    const formData = new FormData();
    const result = parseWithZod(formData, { schema: z.object({ days: atLeastOne(["mon", "fri"]) }) });
    expect(result.reply().error).toEqual({ days: ["You must select at least one choice from this set."] });
  });
});
