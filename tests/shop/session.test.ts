import { describe, expect, it } from "vitest";
import { STORE_SESSION_KEYS } from "../../app/shop.server";
import { getStoreSession, seal, SESSION_COOKIE_NAME, unseal } from "../../app/shop/session.server";
import { getFlashToasts, toast, TOAST_COOKIE_NAME } from "../../app/shop/toast.server";
import { loginPath } from "../../app/lib/paths";
import { ServerTiming } from "../../app/shop/timing.server";
import { cookiesOf, hostedContext, type HostedContext } from "../support/host";

/** A request as the browser sends it (the cookies it holds), with a load context of its own. */
function requestWith(cookies = "", url = "http://localhost/") {
  const request = new Request(url, { headers: cookies ? { Cookie: cookies } : {} });
  return { request, context: hostedContext() };
}

async function opened(cookies = "", url = "http://localhost/") {
  const { request, context } = requestWith(cookies, url);
  return { session: await getStoreSession(request, context, STORE_SESSION_KEYS), context, request };
}

const sessionCookies = (headers: Headers) =>
  headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`));

/** The session's Set-Cookie the host writes for `context` (there must be exactly one). */
async function sessionSetCookie(context: HostedContext): Promise<string> {
  const cookies = sessionCookies(await context.finish());
  expect(cookies).toHaveLength(1);
  return cookies[0]!;
}

describe("store session", () => {
  it("is one object per request and starts clean", async () => {
    const { request, context } = requestWith();
    const a = await getStoreSession(request, context, STORE_SESSION_KEYS);
    const b = await getStoreSession(request, context, STORE_SESSION_KEYS);
    expect(a).toBe(b);
    expect(a.dirty).toBe(false);
    expect(a.get("guestCartId")).toBeUndefined();
  });

  it("is written once, after the app answered, with its final state; nothing when it did not change", async () => {
    const { session, context } = await opened();
    session.set("guestCartId", "first");
    session.set("guestCartId", "final");
    const headers = await context.finish(new Response(null, { headers: { "Set-Cookie": "other=1; Path=/" } }));
    expect(sessionCookies(headers)).toHaveLength(1);
    expect(headers.getSetCookie()).toContain("other=1; Path=/");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const next = await opened(cookiesOf(headers));
    expect(next.session.get("guestCartId")).toBe("final");

    next.session.set("guestCartId", "final"); // the same value: no change
    const unchanged = await next.context.finish();
    expect(sessionCookies(unchanged)).toEqual([]);
    // Read, so personal all the same.
    expect(unchanged.get("Cache-Control")).toBe("private, no-store");
  });

  it("writes nothing, and leaves the response shareable, when no code of the request opened it", async () => {
    const headers = await hostedContext().finish();
    expect(headers.getSetCookie()).toEqual([]);
    expect(headers.get("Cache-Control")).toBeNull();
  });

  it("seals the tokens: no decoding of the cookie shows them, and it still round-trips", async () => {
    const { session, context } = await opened();
    const token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMDUifQ.secret-signature";
    session.set("accessToken", token);
    session.set("refreshToken", "5Aep861-refresh-token");
    const setCookie = await sessionSetCookie(context);
    // A week: long enough to come back to a guest cart, not a month of a token in a browser.
    expect(setCookie).toMatch(/; Max-Age=604800(;|$)/);
    const value = decodeURIComponent(setCookie.split(";")[0]!.slice(SESSION_COOKIE_NAME.length + 1));
    const decoded = [value, Buffer.from(value.split(".")[0]!, "base64").toString("utf8")];
    for (const text of decoded) {
      expect(text).not.toContain("secret-signature");
      expect(text).not.toContain("refresh-token");
    }
    const back = await opened(setCookie.split(";")[0]);
    expect(back.session.get("accessToken")).toBe(token);
    expect(back.session.get("refreshToken")).toBe("5Aep861-refresh-token");
  });

  it("opens nothing from a sealed value it cannot authenticate, or one sealed with another secret", () => {
    const sealed = seal({ accessToken: "t" }, "secret-one-of-some-length");
    expect(unseal(sealed, "secret-one-of-some-length")).toEqual({ accessToken: "t" });
    expect(unseal(sealed, "secret-two-of-some-length")).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[bytes.length - 1] ^= 0x01; // one bit of the authentication tag
    const flipped = `v1.${bytes.toString("base64url")}`;
    expect(unseal(flipped, "secret-one-of-some-length")).toBeNull();
    expect(unseal({ accessToken: "t" }, "secret-one-of-some-length")).toBeNull();
    expect(unseal("v1.short", "secret-one-of-some-length")).toBeNull();
  });

  it("signs an HttpOnly, SameSite=Lax cookie that round-trips", async () => {
    const { session, context } = await opened();
    session.set("guestCartId", "0a6DM0000000001");
    expect(session.dirty).toBe(true);
    const setCookie = await sessionSetCookie(context);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    expect((await opened(setCookie.split(";")[0])).session.get("guestCartId")).toBe("0a6DM0000000001");
  });

  it("refuses a cookie signed with another secret", async () => {
    const { session, context } = await opened();
    session.set("accessToken", "token");
    const forged = (await sessionSetCookie(context)).split(";")[0]!.replace(/\.[^.]+$/, ".forged");
    expect((await opened(forged)).session.get("accessToken")).toBeUndefined();
  });

  it("opens a cookie sent again as it did the first time, each request with a copy of its own", async () => {
    const { session, context } = await opened();
    session.set("guestCartId", "0a6DM0000000001");
    session.set("guestUserContext", { lastName: "Ada" });
    const cookie = (await sessionSetCookie(context)).split(";")[0]!;

    const first = (await opened(cookie)).session;
    (first.get("guestUserContext") as { lastName: string }).lastName = "Changed in place";
    first.set("guestCartId", "0a6DM0000000002");

    const second = (await opened(cookie)).session;
    expect(second.get("guestUserContext")).toEqual({ lastName: "Ada" });
    expect(second.get("guestCartId")).toBe("0a6DM0000000001");
    expect(second.dirty).toBe(false);
  });

  it("is Secure over https", async () => {
    const { session, context } = await opened("", "https://shop.example/");
    session.set("guestCartId", "x");
    expect(await sessionSetCookie(context)).toMatch(/Secure/i);
  });

  it("clears the buyer but keeps nothing of the guest on logout", async () => {
    const { session } = await opened();
    session.set("accessToken", "t");
    session.set("firstName", "Alex");
    session.set("effectiveAccountId", "001");
    session.set("guestCartId", "0a6");
    session.clearAuth();
    expect(session.get("accessToken")).toBeUndefined();
    expect(session.get("effectiveAccountId")).toBeUndefined();
    expect(session.get("guestCartId")).toBe("0a6");
    session.clearGuest();
    expect(session.get("guestCartId")).toBeUndefined();
  });
});

describe("flash toasts", () => {
  async function flashed(cookies = "", url = "http://localhost/") {
    const { request, context } = requestWith(cookies, url);
    return { toasts: await getFlashToasts(request, context), context };
  }

  it("flashes a toast in a cookie of its own that is read once, and leaves the session alone", async () => {
    const { request, context } = requestWith();
    await getStoreSession(request, context, STORE_SESSION_KEYS);
    (await getFlashToasts(request, context)).flash(toast("success", "Added to your cart"));
    const headers = await context.finish();
    expect(sessionCookies(headers)).toEqual([]);
    const [setCookie] = headers.getSetCookie();
    expect(setCookie).toMatch(new RegExp(`^${TOAST_COOKIE_NAME}=.*; Path=/; HttpOnly; SameSite=Lax$`));

    const next = await flashed(cookiesOf(headers));
    expect(next.toasts.take()).toMatchObject({
      variant: "success",
      mode: "dismissible",
      message: "Added to your cart",
    });
    expect(next.toasts.take()).toBeNull();
    // Shown: the toast's cookie is emptied, nothing else is written.
    const after = await next.context.finish();
    expect(after.getSetCookie()).toHaveLength(1);
    expect(after.getSetCookie()[0]).toMatch(new RegExp(`^${TOAST_COOKIE_NAME}=.*Max-Age=0`));
    expect((await flashed(cookiesOf(after))).toasts.take()).toBeNull();
  });

  it("shows a toast on the page of the very request that flashed it, and keeps no cookie for it", async () => {
    const { toasts, context } = await flashed();
    toasts.flash(toast("error", "Check your info"));
    expect(toasts.take()).toMatchObject({ message: "Check your info" });
    expect((await context.finish()).getSetCookie()).toEqual([]);
  });

  it("keeps a toast the root took for the next page when the answer is a redirect (no page showed it)", async () => {
    const first = await flashed();
    first.toasts.flash(toast("info", "Sign in to browse the store."));
    const cookie = cookiesOf(await first.context.finish());
    const next = await flashed(cookie);
    expect(next.toasts.take()).toMatchObject({ message: "Sign in to browse the store." });
    const redirected = await next.context.finish(new Response(null, { status: 303, headers: { Location: "/login" } }));
    expect((await flashed(cookiesOf(redirected))).toasts.take()).toMatchObject({
      message: "Sign in to browse the store.",
    });
  });

  it("writes nothing when the request neither flashed nor showed one", async () => {
    const { context } = await flashed();
    expect((await context.finish()).getSetCookie()).toEqual([]);
  });

  it("shows no toast from a cookie another site signed, and empties it", async () => {
    const { toasts, context } = await flashed();
    toasts.flash(toast("info", "Genuine"));
    const cookie = cookiesOf(await context.finish()).replace(/\.[^.]+$/, ".forged");
    const next = await flashed(cookie);
    expect(next.toasts.take()).toBeNull();
    expect((await next.context.finish()).getSetCookie()[0]).toMatch(/Max-Age=0/);
  });

  it("keeps the toast's cookie under 4 KB when a toast echoes a very long name", async () => {
    const { toasts, context } = await flashed();
    const longName = "Ethiopian Yirgacheffe single-origin whole bean coffee ".repeat(80);
    toasts.flash(toast("warning", `Added 2 products to your cart. We couldn't add: ${longName}.`, { title: longName }));
    const headers = await context.finish();
    expect(headers.getSetCookie()[0]!.length).toBeLessThan(4096);
    const shown = (await flashed(cookiesOf(headers))).toasts.take();
    expect(shown?.message.startsWith("Added 2 products to your cart. We couldn't add: Ethiopian")).toBe(true);
    expect(shown?.message.endsWith("…")).toBe(true);
    expect(Array.from(shown!.message).length).toBeLessThanOrEqual(240);
  });

  it("is Secure over https", async () => {
    const { toasts, context } = await flashed("", "https://shop.example/");
    toasts.flash(toast("info", "Hello"));
    expect((await context.finish()).getSetCookie()[0]).toMatch(/Secure/i);
  });
});

describe("toast defaults", () => {
  it("makes every variant dismissible (the spec's default mode, 3 s), errors too, unless a mode is given", () => {
    for (const variant of ["error", "warning", "success", "info"] as const)
      expect(toast(variant, "Note")).toMatchObject({ mode: "dismissible" });
    expect(toast("error", "Nope").durationSeconds).toBeUndefined();
    expect(toast("error", "Read me", { mode: "sticky" }).mode).toBe("sticky");
    expect(toast("info", "Brief", { mode: "pester" }).mode).toBe("pester");
  });
});

describe("small server helpers", () => {
  it("builds the login URL that comes back", () => {
    expect(loginPath("/")).toBe("/login");
    expect(loginPath("/cart?page=2")).toBe("/login?redirectTo=%2Fcart%3Fpage%3D2");
  });

  it("writes a Server-Timing header", () => {
    const timing = new ServerTiming();
    expect(timing.header()).toBe("");
    timing.record("getProduct", 12.345);
    timing.record("get cart", 1);
    expect(timing.header()).toBe('api;desc="getProduct";dur=12.3, api;desc="getcart";dur=1.0');
  });
});
