/**
 * The session validator (spec §2, §4, §9): 30 seconds before a signed-in shopper's session times out, a modal
 * dialog 'Still there?' offers 'Continue Working' (asks the server to confirm and extend the session) and
 * 'Log Out' (the site's webruntime/logout). When the session has run out, or the server finds it invalid, the
 * page is re-asked and the server sends the shopper to sign in with the toast 'Your session has timed out.
 * Try again.' (withShop, app/shop/core.server.ts, does that for every request with an expired session).
 *
 * With JavaScript only: without it there is nothing to count down, and the server's redirect does the work.
 * Mount it once, in the root layout:
 *
 *   <SessionValidator expiresAt={data?.sessionExpiresAt ?? null} serverNow={data?.serverNow} />
 */
import { Form, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { LOG_OUT_LABEL } from "~/lib/links";
import { logoutPath } from "~/lib/paths";
import { Button } from "./Button";

/** Spec §9: the warning comes 30 seconds before the timeout. */
export const SESSION_WARNING_MS = 30_000;
export const SESSION_DIALOG_TITLE = "Still there?";
export const SESSION_CONTINUE_LABEL = "Continue Working";
export const SESSION_LOGOUT_LABEL = LOG_OUT_LABEL;
export const SESSION_KEEPALIVE_PATH = "/api/session";
/** setTimeout's largest delay; anything later is re-armed when the page next loads. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The browser's moment of the server's expiry: the server's clock may differ from the browser's, so the expiry
 * is moved by the difference seen when the page data arrived.
 */
export function localExpiry(expiresAt: number, serverNow: number | undefined, clientNow: number): number {
  return typeof serverNow === "number" && Number.isFinite(serverNow) ? expiresAt - (serverNow - clientNow) : expiresAt;
}

/** Milliseconds until the warning (0 = now) and until the timeout, from `now`. */
export function sessionTimers(expiry: number, now: number, warnBeforeMs = SESSION_WARNING_MS) {
  const untilExpiry = Math.max(0, expiry - now);
  return { warnIn: Math.max(0, untilExpiry - warnBeforeMs), expireIn: untilExpiry };
}

export type SessionValidatorProps = {
  /** Epoch ms when the signed-in session times out (server clock); null for guests: nothing to watch. */
  expiresAt: number | null;
  /** The server's Date.now() when it sent `expiresAt`, to correct for clock differences. */
  serverNow?: number;
  warnBeforeMs?: number;
  keepAliveAction?: string;
  /** The site's base path; the logout path is webruntime/logout under it. */
  basePath?: string;
};

export function SessionValidator({
  expiresAt,
  serverNow,
  warnBeforeMs = SESSION_WARNING_MS,
  keepAliveAction = SESSION_KEEPALIVE_PATH,
  basePath = "",
}: SessionValidatorProps) {
  const [warning, setWarning] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const keepAlive = useFetcher<{ ok: boolean; expiresAt?: number }>();
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    setWarning(false);
    if (expiresAt === null) return;
    const expiry = localExpiry(expiresAt, serverNow, Date.now());
    const { warnIn, expireIn } = sessionTimers(expiry, Date.now(), warnBeforeMs);
    if (expireIn > MAX_TIMER_MS) return;
    const warn = setTimeout(() => setWarning(true), warnIn);
    // Out of time: the server sees the expired session and answers with the sign-in page and the toast.
    const expire = setTimeout(() => {
      setWarning(false);
      revalidateRef.current();
    }, expireIn);
    return () => {
      clearTimeout(warn);
      clearTimeout(expire);
    };
  }, [expiresAt, serverNow, warnBeforeMs]);

  // The dialog is modal: the page behind it is inert and focus stays inside until the shopper chooses.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (warning && !dialog.open) {
      dialog.showModal();
      // The safe choice first: React's autoFocus ran while the dialog was still closed.
      continueRef.current?.focus();
    }
    if (!warning && dialog.open) dialog.close();
  }, [warning]);

  if (expiresAt === null) return null;

  const continueWorking = () => {
    setWarning(false);
    keepAlive.submit({ intent: "keepalive" }, { method: "post", action: keepAliveAction });
  };

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="session-validator"
      // Escape means "not now": the shopper is there, so the session is kept.
      onCancel={(event) => {
        event.preventDefault();
        continueWorking();
      }}
    >
      {warning ? (
        <>
          <h2 id={titleId} className="session-validator__title">
            {SESSION_DIALOG_TITLE}
          </h2>
          <p id={textId}>Your session is about to time out. Do you want to keep working?</p>
          <div className="session-validator__actions">
            <Form method="post" action={logoutPath(basePath)} reloadDocument>
              <Button variant="neutral">{SESSION_LOGOUT_LABEL}</Button>
            </Form>
            <Button type="button" variant="brand" buttonRef={continueRef} onClick={continueWorking}>
              {SESSION_CONTINUE_LABEL}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
