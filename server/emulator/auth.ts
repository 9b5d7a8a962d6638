import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import type { Router } from "./router.js";
import { ApiError } from "./errors.js";
import { json } from "./http.js";
import type { Emu, UserRow } from "./state.js";

export function hashPassword(password: string, salt = randomBytes(16).toString("hex")): string {
  return `${salt}:${scryptSync(password, salt, 32).toString("hex")}`;
}

function verifyPassword(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(":");
  const candidate = scryptSync(password, salt, 32);
  return timingSafeEqual(candidate, Buffer.from(hash, "hex"));
}

// Checked against when the username is unknown, so a wrong username costs as much time as a wrong password.
const DUMMY_HASH = hashPassword("not-a-real-password", "0".repeat(32));

/** Bearer token → buyer. A token that is unknown or past its expiry on the virtual clock answers 401. */
export function createAuthenticator(emu: Emu) {
  const find = emu.db.prepare("SELECT user_id, expires_at FROM sessions WHERE token = ?");
  return (req: Request): UserRow | null => {
    const header = req.headers.get("authorization");
    if (!header) return null;
    const token = header.replace(/^(Bearer|OAuth)\s+/i, "").trim();
    const row = find.get(token) as { user_id: string; expires_at: number } | undefined;
    if (!row || row.expires_at <= emu.clock.now()) {
      throw new ApiError(401, "INVALID_SESSION_ID", "Session expired or invalid");
    }
    return emu.store.user(row.user_id) ?? null;
  };
}

/** Salesforce's OAuth errors are an object, not the Connect API's error array. */
function oauthError(error: string, description: string, status = 400) {
  return json({ error, error_description: description }, status);
}

export function authRoutes(r: Router, emu: Emu) {
  const byUsername = emu.db.prepare("SELECT id, password_hash FROM users WHERE username = ?");
  const insertSession = emu.db.prepare("INSERT INTO sessions(token, user_id, issued_at, expires_at) VALUES (?, ?, ?, ?)");

  r.raw("POST", "/services/oauth2/token", async ({ req, url }) => {
    const type = req.headers.get("content-type") ?? "";
    if (!type.includes("application/x-www-form-urlencoded")) {
      return oauthError("invalid_request", "must use application/x-www-form-urlencoded");
    }
    const form = new URLSearchParams(await req.text());
    if (form.get("grant_type") !== "password") return oauthError("unsupported_grant_type", "grant type not supported");
    const username = (form.get("username") ?? "").trim().toLowerCase();
    const password = form.get("password") ?? "";
    const row = byUsername.get(username) as { id: string; password_hash: string } | undefined;
    const ok = verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !ok) return oauthError("invalid_grant", "authentication failure");
    const token = `00DDM0000000001!${randomBytes(24).toString("base64url")}`;
    const issuedAt = emu.clock.now();
    insertSession.run(token, row.id, issuedAt, issuedAt + emu.settings.sessionSeconds * 1000);
    return json({
      access_token: token,
      instance_url: url.origin,
      id: `${url.origin}/id/00DDM0000000001/${row.id}`,
      token_type: "Bearer",
      issued_at: String(issuedAt),
      signature: randomBytes(32).toString("base64"),
    });
  });

  // Revokes a token, as Salesforce's /services/oauth2/revoke does (logout).
  r.raw("POST", "/services/oauth2/revoke", async ({ req }) => {
    const form = new URLSearchParams(await req.text());
    emu.db.prepare("DELETE FROM sessions WHERE token = ?").run(form.get("token") ?? "");
    return new Response(null, { status: 200 });
  });
}
