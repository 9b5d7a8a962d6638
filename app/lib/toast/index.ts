/**
 * Toasts (spec §2, §5, §9): the shape shared by the flash cookie that carries a toast across a
 * redirect (app/shop/toast.server.ts) and the Toast components that show it.
 * Pure: no cookies or React here. No zod either: every page's root reads toasts, and the browser would download
 * zod for it; the server checks what it flashes with toast-schema.ts, which reads the same as parseToast.
 */
import { isObject, type JsonField } from "~/lib/json";

export const TOAST_VARIANTS = ["info", "success", "warning", "error"] as const;
export const TOAST_MODES = ["dismissible", "pester", "sticky"] as const;
export const DEFAULT_TOAST_DURATION_SECONDS = 3;

export type ToastVariant = (typeof TOAST_VARIANTS)[number];
/**
 * dismissible: a close button, and it leaves by itself after its duration.
 * pester: no close button, leaves after its duration.
 * sticky: stays until closed.
 */
export type ToastMode = (typeof TOAST_MODES)[number];

export interface Toast {
  id?: string;
  variant: ToastVariant;
  mode: ToastMode;
  title?: string;
  message: string;
  /** A whole number of seconds greater than zero. */
  durationSeconds?: number;
}

export type ToastInput = Toast;

/**
 * The most a toast says, in characters (code points). A toast travels in a cookie across a redirect,
 * and a browser keeps no cookie over 4 KB: text that echoes what a shopper or the API named (product names, list
 * names, failures) is cut to these lengths so the cookie always fits.
 */
export const TOAST_MESSAGE_MAX_LENGTH = 240;
export const TOAST_TITLE_MAX_LENGTH = 80;

/** `text` on one line, cut to `max` characters with an ellipsis, at a word's end when one is near. */
export function boundToastText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space >= cut.length * 0.75 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The toast with its message and title cut to the bounds above. */
export function boundToast<T extends { message: string; title?: string }>(toast: T): T {
  return {
    ...toast,
    message: boundToastText(toast.message, TOAST_MESSAGE_MAX_LENGTH),
    ...(toast.title !== undefined ? { title: boundToastText(toast.title, TOAST_TITLE_MAX_LENGTH) } : {}),
  };
}

/** Toast durations are whole seconds greater than zero. */
export function isToastDuration(value: JsonField): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

const isIn = <T extends string>(values: readonly T[], value: JsonField): value is T => values.includes(value as T);

/** Reads an untrusted value (e.g. a cookie's JSON) as a toast; null when it is not one. Unknown keys are dropped. */
export function parseToast(value: JsonField): Toast | null {
  if (!isObject(value)) return null;
  const v = value;
  if (!isIn(TOAST_VARIANTS, v.variant) || !isIn(TOAST_MODES, v.mode)) return null;
  if (typeof v.message !== "string" || v.message.length === 0) return null;
  if (v.id !== undefined && (typeof v.id !== "string" || v.id.length === 0)) return null;
  if (v.title !== undefined && typeof v.title !== "string") return null;
  if (v.durationSeconds !== undefined && !isToastDuration(v.durationSeconds)) return null;
  const toast: Toast = { variant: v.variant, mode: v.mode, message: v.message };
  if (v.id !== undefined) toast.id = v.id;
  if (v.title !== undefined) toast.title = v.title;
  if (v.durationSeconds !== undefined) toast.durationSeconds = v.durationSeconds;
  return toast;
}

export function toastDurationSeconds(toast: Pick<Toast, "durationSeconds">): number {
  return toast.durationSeconds ?? DEFAULT_TOAST_DURATION_SECONDS;
}

/** Warnings and errors interrupt a screen reader (alert); information waits its turn (status). */
export function toastRole(variant: ToastVariant): "status" | "alert" {
  return variant === "warning" || variant === "error" ? "alert" : "status";
}

/** Whether a toast leaves by itself after its duration (when JavaScript runs). */
export function isAutoDismissed(mode: ToastMode): boolean {
  return mode !== "sticky";
}

/** Whether the shopper gets a close button. */
export function isClosable(mode: ToastMode): boolean {
  return mode !== "pester";
}

/** The spec's fixed toast texts. */
export const TOAST_MESSAGES = {
  sessionTimedOut: "Your session has timed out. Try again.",
  lookupFailed: "Something's not right. Check your info and try again.",
} as const;
