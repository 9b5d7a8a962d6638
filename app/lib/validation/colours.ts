/** Colour checks of the validation rules (lib/validation/validity): the colour input's and the colour picker's. */

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
export function clampChannel(value: number | string | undefined): number {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (Number.isNaN(number) || number < 0) return 0;
  return Math.min(255, Math.round(number));
}

export function rgbToHex(rgb: { r: number | string; g: number | string; b: number | string }): string {
  const hex = [rgb.r, rgb.g, rgb.b].map((channel) => clampChannel(channel).toString(16).padStart(2, "0")).join("");
  return `#${hex.toUpperCase()}`;
}

/** Hue in degrees 0-360; anything else is wrapped or clamped into it. */
export function clampHue(value: number | string): number {
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
