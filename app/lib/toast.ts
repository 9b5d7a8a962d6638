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
