/**
 * Handing a payment link made by an agent to a person. The agent's MCP session is a guest of its own (its own UVID
 * and guest token), and the API shows a guest's carts, the payment link's clone among them, to that guest only: a
 * person's browser is another guest, to whom the link's page would be a 404. So the link the agent is given carries a
 * hand-off: the agent's guest identity and the link's cart id, sealed with the session secret as the session cookie
 * is (AES-256-GCM, app/shop/session.server.ts), valid for a day. Opening it makes the browser that guest for this
 * link (its session takes the UVID and guest token, and the link as its active payment link); the page then drops the
 * hand-off from its address. Whoever holds the link can pay that cart, as with any payment link; the identity
 * reaches nothing else: an agent's guest has no orders, addresses or account.
 */
import type { CheckoutSessionData } from "~/checkout/server/session.server";

/** The hand-off replaces the guest, and with them the checkout's active checkout and payment link. */
export type HandoffSessionData = CoreSessionData & Pick<CheckoutSessionData, "activeCheckoutId" | "paymentLinkId">;
type HandoffSession = StoreSession<HandoffSessionData>;
import { seal, unseal, type CoreSessionData, type StoreSession } from "~/shop/session.server";

/** The payment link URL's query parameter that carries the hand-off. */
export const HANDOFF_PARAM = "handoff";
/** How long the link the agent returns hands its cart over. */
export const HANDOFF_TTL_MS = 24 * 60 * 60_000;

/** A type, not an interface: it is sealed as JSON, and only a type alias is assignable to JsonValue. */
type Handoff = {
  /** The payment link's cart id. */
  c: string;
  u: string;
  t: string;
  /** The guest token's expiry (epoch ms), when known. */
  x?: number;
  /** The hand-off's own expiry (epoch ms). */
  e: number;
};

/** The sealed hand-off of the session's guest identity for payment link `cartId`; null when it has none. */
export function sealHandoff(session: StoreSession, cartId: string, secret: string, now = Date.now()): string | null {
  const uvid = session.get("uvid");
  const token = session.get("guestToken");
  if (!uvid || !token) return null;
  const handoff: Handoff = {
    c: cartId,
    u: uvid,
    t: token,
    x: session.get("guestTokenExpiresAt"),
    e: now + HANDOFF_TTL_MS,
  };
  return seal(handoff, secret);
}

/**
 * Makes the browser's session the hand-off's guest for `cartId`: true when it did. A hand-off that does not open,
 * is for another link or has expired changes nothing; neither does one opened by a signed-in buyer (a guest's link
 * is not the buyer's: their session stays theirs).
 */
export function adoptHandoff(
  session: HandoffSession,
  cartId: string,
  sealed: string,
  secret: string,
  now = Date.now(),
) {
  if (session.get("accessToken")) return false;
  const handoff = unseal(sealed, secret) as Partial<Handoff> | null;
  if (!handoff || handoff.c !== cartId || typeof handoff.e !== "number" || handoff.e <= now) return false;
  if (typeof handoff.u !== "string" || typeof handoff.t !== "string") return false;
  // The browser's own guest cart and checkout were its old UVID's: they are not this guest's.
  session.clearGuest();
  session.unset("activeCheckoutId", "paymentLinkId");
  session.set("uvid", handoff.u);
  session.set("guestToken", handoff.t);
  session.set("guestTokenExpiresAt", typeof handoff.x === "number" ? handoff.x : undefined);
  session.set("paymentLinkId", cartId);
  return true;
}
