/**
 * Toasts (spec §2, §5, §9): the shape shared by the flash cookie that carries a toast across a
 * redirect (written by the app's session code) and the Toast components that show it.
 * Pure: no cookies or React here.
 */
import { z } from "zod";
import { isToastDuration } from "./formats";

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

export const toastSchema = z.object({
  id: z.string().min(1).optional(),
  variant: z.enum(TOAST_VARIANTS),
  mode: z.enum(TOAST_MODES),
  title: z.string().optional(),
  message: z.string().min(1),
  durationSeconds: z
    .number()
    .refine(isToastDuration, "A toast lasts a whole number of seconds greater than zero.")
    .optional(),
});

export type ToastInput = z.input<typeof toastSchema>;
export type Toast = z.output<typeof toastSchema>;

/**
 * The most a toast says, in characters (code points). A toast travels in the session cookie across a redirect,
 * and a browser keeps no cookie over 4 KB: text that echoes what a shopper or the API named (product names, list
 * names, failures) is cut to these lengths so the cookie always fits beside the session's tokens.
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

/** Reads an untrusted value (e.g. a cookie's JSON) as a toast; null when it is not one. */
export function parseToast(value: unknown): Toast | null {
  const result = toastSchema.safeParse(value);
  return result.success ? result.data : null;
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
