/**
 * The storefront's security headers, as express middleware in front of everything (server/main.ts):
 *
 * - `securityHeaders`: every response gets a Content-Security-Policy with a per-request nonce (Remix's inline
 *   scripts carry it; see app/entry.server.tsx), nosniff, no framing, a referrer policy, a permissions policy,
 *   and HSTS when the request came over HTTPS.
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The largest form body the storefront reads (a form is a few kilobytes; nothing uploads files). */
export const FORM_BODY_LIMIT_BYTES = 1024 * 1024;

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
