import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  finalizeSessionCookie,
  getStoreSession,
  seal,
  SESSION_COOKIE_NAME,
  unseal,
} from "../../../app/handlers/session.server";
import { redirectWithToast, toast } from "../../../app/handlers/toast.server";
import { loginPath } from "../../../app/lib/paths";
import { ServerTiming } from "../../../app/handlers/server-timing.server";

function contextFor(): AppLoadContext {
  return {
    webstore: () => {
      throw new Error("not used");
    },
    storefront: {
      mode: "emulator",
      webstoreId: "0ZEDEMO00000001",
      sessionSecret: "a-test-secret-of-some-length",
      sessionSeconds: 7200,
      emulatorApiUrl: null,
    },
  } as AppLoadContext;
}

const cookieOf = (setCookie: string) => setCookie.split(";")[0];

async function roundTrip(setCookie: string) {
  const request = new Request("http://localhost/", { headers: { Cookie: cookieOf(setCookie) } });
  return getStoreSession(request, contextFor());
}

describe("store session", () => {
  it("is one object per request and starts clean", async () => {
    const context = contextFor();
    const request = new Request("http://localhost/");
    const a = await getStoreSession(request, context);
    const b = await getStoreSession(request, context);
    expect(a).toBe(b);
    expect(a.dirty).toBe(false);
    expect(a.get("guestCartId")).toBeUndefined();
  });

  it("seals an unchanged session once: a second commit is the first one's cookie, a change makes a new one", async () => {
    const session = await getStoreSession(new Request("http://localhost/"), contextFor());
    session.set("guestCartId", "0a6DM0000000001");
    const first = await session.commit();
    expect(await session.commit()).toBe(first);
    session.set("guestCartId", "0a6DM0000000001"); // the same value: no change
    expect(await session.commit()).toBe(first);
    session.flashToast(toast("success", "Added."));
    const second = await session.commit();
    expect(second).not.toBe(first);
    const reopened = await roundTrip(second);
    expect(reopened.get("guestCartId")).toBe("0a6DM0000000001");
    expect(reopened.takeToast()).toMatchObject({ message: "Added." });
  });

  it("seals the tokens: no decoding of the cookie shows them, and it still round-trips", async () => {
    const request = new Request("http://localhost/");
    const session = await getStoreSession(request, contextFor());
    const token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMDUifQ.secret-signature";
    session.set("accessToken", token);
    session.set("refreshToken", "5Aep861-refresh-token");
    const setCookie = await session.commit();
    // A week: long enough to come back to a guest cart, not a month of a token in a browser.
    expect(setCookie).toMatch(/; Max-Age=604800(;|$)/);
    const value = decodeURIComponent(cookieOf(setCookie).slice(SESSION_COOKIE_NAME.length + 1));
    const decoded = [value, Buffer.from(value.split(".")[0], "base64").toString("utf8")];
    for (const text of decoded) {
      expect(text).not.toContain("secret-signature");
      expect(text).not.toContain("refresh-token");
    }
    const back = await roundTrip(setCookie);
    expect(back.get("accessToken")).toBe(token);
    expect(back.get("refreshToken")).toBe("5Aep861-refresh-token");
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
    const session = await getStoreSession(new Request("http://localhost/"), contextFor());
    session.set("guestCartId", "0a6DM0000000001");
    expect(session.dirty).toBe(true);
    const setCookie = await session.commit();
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    const again = await roundTrip(setCookie);
    expect(again.get("guestCartId")).toBe("0a6DM0000000001");
  });

  it("refuses a cookie signed with another secret", async () => {
    const session = await getStoreSession(new Request("http://localhost/"), contextFor());
    session.set("accessToken", "token");
    const forged = (await session.commit()).replace(/\.[^.;]+;/, ".forged;");
    expect((await roundTrip(forged)).get("accessToken")).toBeUndefined();
  });

  it("opens a cookie sent again as it did the first time, each request with a copy of its own", async () => {
    const session = await getStoreSession(new Request("http://localhost/"), contextFor());
    session.set("guestCartId", "0a6DM0000000001");
    session.set("guestUserContext", { lastName: "Ada" });
    const setCookie = await session.commit();

    const first = await roundTrip(setCookie);
    (first.get("guestUserContext") as { lastName: string }).lastName = "Changed in place";
    first.set("guestCartId", "0a6DM0000000002");
    first.flashToast(toast("success", "Only for the first request."));

    const second = await roundTrip(setCookie);
    expect(second.get("guestUserContext")).toEqual({ lastName: "Ada" });
    expect(second.get("guestCartId")).toBe("0a6DM0000000001");
    expect(second.takeToast()).toBeNull();
    expect(second.dirty).toBe(false);
  });

  it("is Secure over https", async () => {
    const session = await getStoreSession(new Request("https://shop.example/"), contextFor());
    session.set("guestCartId", "x");
    expect(await session.commit()).toMatch(/Secure/i);
  });

  it("flashes a toast that is read once", async () => {
    const session = await getStoreSession(new Request("http://localhost/"), contextFor());
    session.flashToast(toast("success", "Added to your cart"));
    const next = await roundTrip(await session.commit());
    expect(next.takeToast()).toMatchObject({ variant: "success", mode: "dismissible", message: "Added to your cart" });
    expect(next.takeToast()).toBeNull();
    const third = await roundTrip(await next.commit());
    expect(third.takeToast()).toBeNull();
  });

  it("keeps the cookie under 4 KB when a toast echoes a very long name beside a buyer's tokens", async () => {
    const session = await getStoreSession(new Request("http://localhost/"), contextFor());
    // A buyer's session as the site fills it: two JWT-sized tokens, names, accounts.
    session.set("accessToken", `eyJ${"a".repeat(900)}`);
    session.set("refreshToken", "r".repeat(90));
    session.set("apiUrl", "https://yourdomain.my.site.com/store");
    session.set("firstName", "Alexandra");
    session.set("effectiveAccountId", "001DM00000000AAA");
    session.set("effectiveAccountName", "Acme Corporation West Coast Distribution");
    const longName = "Ethiopian Yirgacheffe single-origin whole bean coffee ".repeat(80);
    session.flashToast(
      toast("warning", `Added 2 products to your cart. We couldn't add: ${longName}.`, { title: longName }),
    );
    const setCookie = await session.commit();
    expect(setCookie.length).toBeLessThan(4096);
    const shown = (await roundTrip(setCookie)).takeToast();
    expect(shown?.message.startsWith("Added 2 products to your cart. We couldn't add: Ethiopian")).toBe(true);
    expect(shown?.message.endsWith("…")).toBe(true);
    expect(Array.from(shown!.message).length).toBeLessThanOrEqual(240);
  });

  it("clears the buyer but keeps nothing of the guest on logout", async () => {
    const session = await getStoreSession(new Request("http://localhost/"), contextFor());
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

  it("leaves one session cookie with the final state in a response", async () => {
    const context = contextFor();
    const request = new Request("http://localhost/");
    const session = await getStoreSession(request, context);
    session.set("guestCartId", "first");
    const early = await session.commit();
    session.set("guestCartId", "final");
    const headers = new Headers();
    headers.append("Set-Cookie", await session.commit());
    headers.append("Set-Cookie", "other=1; Path=/");
    headers.append("Set-Cookie", early);
    await finalizeSessionCookie(headers, context);
    const cookies = headers.getSetCookie();
    expect(cookies.filter((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`))).toHaveLength(1);
    expect(cookies).toContain("other=1; Path=/");
    const ours = cookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`))!;
    expect((await roundTrip(ours)).get("guestCartId")).toBe("final");
  });

  it("adds nothing when the session did not change", async () => {
    const context = contextFor();
    await getStoreSession(new Request("http://localhost/"), context);
    const headers = new Headers();
    await finalizeSessionCookie(headers, context);
    expect(headers.getSetCookie()).toEqual([]);
  });
});

describe("redirectWithToast", () => {
  it("answers 303 with the toast in the session cookie", async () => {
    const session = await getStoreSession(new Request("http://localhost/"), contextFor());
    const response = await redirectWithToast("/cart", toast("error", "Nope"), { session });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    const next = await roundTrip(response.headers.get("Set-Cookie")!);
    expect(next.takeToast()).toMatchObject({ variant: "error", message: "Nope" });
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
