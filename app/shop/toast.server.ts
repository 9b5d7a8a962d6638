/**
 * Flash toasts (the Epic Stack pattern): an action flashes a toast and redirects; the root loader takes it out and
 * the root renders it. Server-rendered, so it works without JavaScript; with JavaScript the kit's toast leaves after
 * its duration.
 *
 * A flashed toast travels in a cookie of its own, signed, beside the shopper's session: showing a toast clears this
 * small cookie and never rewrites the sealed session (a page that only shows a toast sends no session cookie). Like
 * the session, it is written by the host once the app has answered (decision 015).
 */
import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/node";
import {
  boundToast,
  parseToast,
  type Toast,
  type ToastInput,
  type ToastMode,
  type ToastVariant,
} from "~/lib/toast/index";
import { toastSchema } from "~/lib/toast/schema";
import type { JsonValue } from "~/lib/json";

export type { ToastInput };

export const TOAST_COOKIE_NAME = "__toast";

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

/** The request's flashed toast: the one the last request left for this page, and the one this request leaves. */
export interface FlashToasts {
  /** A toast for the next page the shopper sees (read once); replaces one not yet shown. */
  flash(toast: ToastInput): void;
  /** The toast for this page (flashed before it, or by this very request), consumed; null when there is none. */
  take(): Toast | null;
  /** A toast was flashed or taken: the toast cookie changes with this response. */
  readonly changed: boolean;
}

const cookies = new Map<string, Cookie>();

function toastCookie(secret: string, secure: boolean): Cookie {
  const key = `${secure}|${secret}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    // Signed (a toast another site planted would speak in the store's voice), with a key of its own. Not sealed:
    // the toast is shown to the shopper on the next page anyway. No Max-Age: it lives until the next page at most.
    cookie = createCookie(TOAST_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: [`flash-toast|${secret}`],
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

const TOASTS = Symbol("flash toasts");

/**
 * The request's flashed toast, shared by every loader and action of the request (kept in the request's scope).
 * Opening it asks the host to write the cookie once the app has answered: the toast this request flashed, or an
 * emptied cookie when it took the one it came with.
 */
export function getFlashToasts(request: Request, context: AppLoadContext): Promise<FlashToasts> {
  return context.perRequest.once(TOASTS, () => {
    const cookie = toastCookie(context.storefront.sessionSecret, new URL(request.url).protocol === "https:");
    const header = request.headers.get("Cookie");
    const sent = header?.includes(`${TOAST_COOKIE_NAME}=`)
      ? cookie.parse(header).then(
          // A signed cookie holds the JSON it was serialized from.
          (value: JsonValue) => ({ value }),
          () => ({ value: null }),
        )
      : null;
    const opened = (sent ?? Promise.resolve(null)).then((found) => flashToasts(found));
    context.perRequest.onResponse(async (headers, answer) => {
      const { toasts, leaves } = await opened;
      const left = leaves(answer.redirect);
      // Flashed and shown by the same request (a form's page rendered by its own post): nothing to keep or empty.
      if (!toasts.changed || (!left && sent === null)) return;
      headers.append(
        "Set-Cookie",
        left ? await cookie.serialize(left) : await cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
      );
    });
    return opened.then(({ toasts }) => toasts);
  });
}

/**
 * One toast at a time, as a flash is: the one the request came with (`sent`: the cookie's value, null when it did
 * not open; null when there was no cookie), replaced by one the request flashes; taking it (a page shows it, maybe
 * the page of the very request that flashed it) leaves none. A toast the root took for a page that was never shown
 * (the page's own loader redirected meanwhile) is left for the page the redirect leads to.
 */
function flashToasts(sent: { value: JsonValue } | null) {
  let current: Toast | null = sent ? parseToast(sent.value) : null;
  let taken: Toast | null = null;
  // A plain field, not a getter: a getter of a request's own object keeps the request past the garbage collector's
  // young generation (docs/performance.md "What a request leaves behind").
  const toasts: FlashToasts & { changed: boolean } = {
    flash(input) {
      // Bounded: a toast echoing a long name must never make the cookie too large to set (a 500 after the change).
      current = toastSchema.parse(boundToast({ id: toastId(), ...input }));
      toasts.changed = true;
    },
    take() {
      if (!current) return null;
      taken = current;
      current = null;
      toasts.changed = true;
      return taken;
    },
    // A cookie that holds no toast (broken, or signed with another secret) is emptied by the next response.
    changed: sent !== null && current === null,
  };
  /** The toast the response leaves for the next page. */
  const leaves = (redirect: boolean): Toast | null => current ?? (redirect ? taken : null);
  return { toasts, leaves };
}
