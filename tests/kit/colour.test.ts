import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  clampChannel,
  clampHue,
  colour,
  COLOUR_CANVAS,
  COLOUR_PICKER_MESSAGE,
  DEFAULT_COLOUR,
  DEFAULT_RGB,
  HEX_MAX_LENGTH,
  HEX_MIN_LENGTH,
  hexToRgb,
  hsvToRgb,
  isHexColour,
  normaliseHex,
  rgbToHex,
  rgbToHsv,
  validateHexInput,
} from "../../app/lib/validation";

function messagesOf(schema: z.ZodTypeAny, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("colour values", () => {
  it("accepts #RGB and #RRGGBB", () => {
    expect(isHexColour("#abc")).toBe(true);
    expect(isHexColour("#5679C0")).toBe(true);
  });

  it.each(["abc", "#abcd", "#ab", "#12345g", "#1234567", ""])("refuses %j", (value) => {
    expect(isHexColour(value)).toBe(false);
  });

  it("has the picker's message and hex length 4 to 7", () => {
    expect(COLOUR_PICKER_MESSAGE).toBe("Enter a valid hexadecimal value.");
    expect([HEX_MIN_LENGTH, HEX_MAX_LENGTH]).toEqual([4, 7]);
    expect(validateHexInput("#fff")).toBeUndefined();
    expect(validateHexInput("#ffffff")).toBeUndefined();
    expect(validateHexInput("#ff")).toBe(COLOUR_PICKER_MESSAGE);
    expect(validateHexInput("#fffffff")).toBe(COLOUR_PICKER_MESSAGE);
    expect(validateHexInput("#ffff")).toBe(COLOUR_PICKER_MESSAGE);
  });

  it("defaults to #5679C0 = (86, 121, 192) on a 198 by 80 canvas", () => {
    expect(DEFAULT_COLOUR).toBe("#5679C0");
    expect(hexToRgb(DEFAULT_COLOUR)).toEqual(DEFAULT_RGB);
    expect(DEFAULT_RGB).toEqual({ r: 86, g: 121, b: 192 });
    expect(COLOUR_CANVAS).toEqual({ width: 198, height: 80 });
  });

  it("expands short hex and falls back to black for invalid hex", () => {
    expect(hexToRgb("#abc")).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc });
    expect(normaliseHex("#abc")).toBe("#AABBCC");
    expect(hexToRgb("#zzz")).toEqual({ r: 0, g: 0, b: 0 });
    expect(normaliseHex("nope")).toBe("#000000");
  });

  it.each([
    [128, 128],
    ["200", 200],
    [300, 255],
    [255.6, 255],
    [-5, 0],
    ["-1", 0],
    ["abc", 0],
    [NaN, 0],
    ["", 0],
    [undefined, 0],
    [12.4, 12],
  ])("clamps channel %j to %d", (input, expected) => {
    expect(clampChannel(input)).toBe(expected);
  });

  it("writes RGB as #RRGGBB with clamped channels", () => {
    expect(rgbToHex({ r: 86, g: 121, b: 192 })).toBe("#5679C0");
    expect(rgbToHex({ r: 999, g: -3, b: "x" })).toBe("#FF0000");
  });

  it("keeps hue within 0-360", () => {
    expect(clampHue(180)).toBe(180);
    expect(clampHue(400)).toBe(360);
    expect(clampHue(-20)).toBe(0);
    expect(clampHue("x")).toBe(0);
  });

  it("converts between RGB and HSV", () => {
    expect(rgbToHsv({ r: 255, g: 0, b: 0 })).toEqual({ h: 0, s: 100, v: 100 });
    expect(hsvToRgb({ h: 120, s: 100, v: 100 })).toEqual({ r: 0, g: 255, b: 0 });
    const hsv = rgbToHsv(DEFAULT_RGB);
    const back = hsvToRgb(hsv);
    expect(Math.abs(back.r - 86)).toBeLessThanOrEqual(2);
    expect(Math.abs(back.b - 192)).toBeLessThanOrEqual(2);
  });

  it("checks colour fields on the server and outputs #RRGGBB", () => {
    expect(colour().parse(" #abc ")).toBe("#AABBCC");
    expect(messagesOf(colour(), "#abcd")).toEqual([COLOUR_PICKER_MESSAGE]);
    expect(messagesOf(colour(), "")).toEqual(["Complete this field."]);
    expect(colour({ required: false }).parse(undefined)).toBeUndefined();
  });
});
