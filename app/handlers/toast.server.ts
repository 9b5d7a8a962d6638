/**
 * Flash toasts (the Epic Stack pattern): an action puts a toast in the session and redirects; the root loader
 * takes it out and the root renders it. Server-rendered, so it works without JavaScript; with JavaScript the
 * kit's toast leaves after its duration.
 */
import { redirect } from "@remix-run/node";
import type { ToastInput, ToastMode, ToastVariant } from "../lib/toast";
import type { StoreSession } from "./session.server";

export type { ToastInput };

let counter = 0;
/** Unique enough to key a toast in the page and to tell a new toast from one already dismissed. */
function toastId(): string {
  counter = (counter + 1) % 1_000_000;
  return `${Date.now().toString(36)}-${counter.toString(36)}`;
}

/** A toast with the defaults filled in: an id, and the mode (sticky for errors, else dismissible). */
export function toast(
  variant: ToastVariant,
  message: string,
  options: { title?: string; mode?: ToastMode; durationSeconds?: number } = {},
): ToastInput {
  // An error stays until the shopper closes it: one that leaves by itself after 3 s may be gone before it was
  // read (WCAG 2.2.1), and it is the message the shopper most needs. Other variants leave after their duration.
  const mode = options.mode ?? (variant === "error" ? "sticky" : "dismissible");
  return { id: toastId(), variant, message, ...options, mode };
}

export interface RedirectWithToastInit extends ResponseInit {
  /** The request's session (the shop's `session`): the toast is flashed into it and it is committed. */
  session: StoreSession;
}

/** 303 (See Other by default, right after a POST) to `url`, with `toast` shown on the next page. */
export async function redirectWithToast(
  url: string,
  toastInput: ToastInput | null,
  { session, ...init }: RedirectWithToastInit,
): Promise<Response> {
  if (toastInput) session.flashToast({ id: toastId(), ...toastInput });
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await session.commit());
  return redirect(url, { status: 303, ...init, headers });
}
