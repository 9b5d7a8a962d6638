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

/** A toast with the defaults filled in: an id, and the spec's default mode (dismissible, 3 s) unless one is given. */
export function toast(
  variant: ToastVariant,
  message: string,
  options: { title?: string; mode?: ToastMode; durationSeconds?: number } = {},
): ToastInput {
  // Spec §2: every variant, errors too, is dismissible by default: a close button, and gone after 3 s with
  // JavaScript (the timer waits while the pointer or focus is on it; an error is announced at once, role=alert).
  // Decision 012 says which toast uses which mode and why none needs to stay.
  const mode = options.mode ?? "dismissible";
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
