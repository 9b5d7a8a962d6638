/**
 * The storefront's guards and headers, as express middleware in front of the Remix handler (server/main.ts):
 *
 * - `securityHeaders`: every response gets a Content-Security-Policy with a per-request nonce (Remix's inline
 *   scripts carry it; see app/entry.server.tsx), nosniff, no framing, a referrer policy, a permissions policy,
 *   and HSTS when the request came over HTTPS.
 * - `formGuard`: every state-changing request (POST, PUT, PATCH, DELETE) to the storefront — documents, Remix data
 *   requests (`?_data=`, `.data`), resource routes — must come from the store's own pages (403 otherwise: CSRF),
 *   carry a form body (415 otherwise) of a declared length (411) no larger than the limit (413).
 *
 * The emulator's API (/services/…, /__emulator/…) is mounted before these guards: its callers are API clients
 * with tokens, not browsers posting forms.
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { TrustProxy } from "./proxy.js";

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The largest form body the storefront reads (a form is a few kilobytes; nothing uploads files). */
export const FORM_BODY_LIMIT_BYTES = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Cross-site request forgery

export interface RequestSignals {
  origin?: string | null;
  secFetchSite?: string | null;
  referer?: string | null;
}

export type OriginVerdict =
  { ok: true; by: "origin" | "sec-fetch-site" | "referer" | "no-browser-signal" } | { ok: false; reason: string };

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from the store's own pages (`expectedOrigin`, e.g. "https://shop.example"):
 *
 * 1. `Origin`, when present, decides: the store's origin passes, anything else ("null" included) is refused.
 *    Browsers send it with every POST (and every cross-origin request) since 2020.
 * 2. Without it, `Sec-Fetch-Site` decides: `same-origin` and `none` (the shopper's own action, no site behind it)
 *    pass; `same-site` (a sibling subdomain is another origin) and `cross-site` are refused.
 * 3. Without both, the request did not come from a current browser (curl, a script, a test client): such a
 *    client holds no shopper's cookies it did not log in with itself, so there is nothing to forge. A `Referer`
 *    it sends must still be the store's; no Referer passes.
 */
export function judgeOrigin(signals: RequestSignals, expectedOrigin: string): OriginVerdict {
  const expected = originOf(expectedOrigin) ?? expectedOrigin;
  const origin = signals.origin?.trim();
  if (origin) {
    return originOf(origin) === expected
      ? { ok: true, by: "origin" }
      : { ok: false, reason: `the request came from ${origin}` };
  }
  const site = signals.secFetchSite?.trim().toLowerCase();
  if (site) {
    return site === "same-origin" || site === "none"
      ? { ok: true, by: "sec-fetch-site" }
      : { ok: false, reason: `the request came from a ${site} page` };
  }
  const referer = signals.referer?.trim();
  if (referer) {
    return originOf(referer) === expected
      ? { ok: true, by: "referer" }
      : { ok: false, reason: "the request came from another site" };
  }
  return { ok: true, by: "no-browser-signal" };
}

/**
 * The store's own origin as the request addressed it: the protocol express saw (X-Forwarded-Proto only through a
 * trusted proxy) and the Host header (X-Forwarded-Host only through a trusted proxy), as Remix builds request.url.
 */
export function expectedOriginOf(req: Request, trust: TrustProxy): string {
  const forwardedHost = req.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  const host =
    forwardedHost && trust(req.socket.remoteAddress ?? "", 0) ? forwardedHost : (req.get("Host") ?? "localhost");
  return `${req.protocol}://${host}`.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Form bodies

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** True for the two content types an HTML form sends (parameters such as charset or boundary allowed). */
export function isFormContentType(contentType: string | undefined | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return !!type && FORM_TYPES.includes(type);
}

export type BodyVerdict = { ok: true } | { ok: false; status: 411 | 413 | 415; message: string };

/** Whether a state-changing request's body is a form the storefront will read: declared length, size, type. */
export function judgeFormBody(
  headers: { contentType?: string | null; contentLength?: string | null; transferEncoding?: string | null },
  limitBytes = FORM_BODY_LIMIT_BYTES,
): BodyVerdict {
  const length = headers.contentLength?.trim();
  if (!length && headers.transferEncoding) {
    return { ok: false, status: 411, message: "Length Required: send the form with a Content-Length, as browsers do." };
  }
  if (length && (!/^\d+$/.test(length) || Number(length) > limitBytes)) {
    return {
      ok: false,
      status: 413,
      message: `Payload Too Large: a form may send at most ${formatBytes(limitBytes)}.`,
    };
  }
  if (!isFormContentType(headers.contentType)) {
    const got = headers.contentType?.split(";")[0]?.trim();
    return {
      ok: false,
      status: 415,
      message: `Unsupported Media Type: the store's forms send application/x-www-form-urlencoded or multipart/form-data; this request sent ${got || "no content type"}.`,
    };
  }
  return { ok: true };
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** A short plain-text refusal that never reaches the app (and so is never a 500). */
export function refuse(res: Response, status: number, message: string, options: { close?: boolean } = {}) {
  res.status(status);
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  // A body we won't read is not read: the connection closes instead of receiving the rest of it.
  if (options.close) res.setHeader("Connection", "close");
  res.end(`${message}\n`);
}

export interface FormGuardOptions {
  trust: TrustProxy;
  limitBytes?: number;
}

/** The CSRF and body checks of every state-changing storefront request (see the file's comment). */
export function formGuard({ trust, limitBytes = FORM_BODY_LIMIT_BYTES }: FormGuardOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING_METHODS.has(req.method)) return next();
    const origin = judgeOrigin(
      { origin: req.get("Origin"), secFetchSite: req.get("Sec-Fetch-Site"), referer: req.get("Referer") },
      expectedOriginOf(req, trust),
    );
    if (!origin.ok) {
      return refuse(
        res,
        403,
        `Forbidden: ${origin.reason}. Changes to your cart, account or orders are only taken from this store's own pages.`,
      );
    }
    const body = judgeFormBody(
      {
        contentType: req.get("Content-Type"),
        contentLength: req.get("Content-Length"),
        transferEncoding: req.get("Transfer-Encoding"),
      },
      limitBytes,
    );
    if (!body.ok) return refuse(res, body.status, body.message, { close: body.status !== 415 });
    next();
  };
}

// ---------------------------------------------------------------------------------------------
// Response headers

/** Features the store never uses are off for it and anything it embeds; payment stays for the store itself. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), usb=(), payment=(self)";

/**
 * The store's Content-Security-Policy. Scripts: the store's own files and the inline scripts Remix renders with
 * this response's nonce, nothing else (no inline event handlers, no eval). Styles: the store's stylesheets, plus
 * inline `style` attributes, which React renders for computed positions and colours (the colour picker,
 * ripples, section backgrounds). Images: the store, data: URIs (the favicon, gallery placeholders) and any
 * HTTPS host, where a real org's product media live.
 */
export function contentSecurityPolicy({ nonce, https }: { nonce: string; https: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const HSTS = "max-age=31536000; includeSubDomains";

/** A fresh nonce for each response (128 bits). */
export const newNonce = () => randomBytes(16).toString("base64");

/** Sets the security headers on every response and leaves the nonce in `res.locals.cspNonce` for the app. */
export function securityHeaders(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    const https = req.secure;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, https }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (https) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
