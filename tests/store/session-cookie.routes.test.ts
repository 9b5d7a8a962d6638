/**
 * The shopper's session cookie is written by the host once per response, after the app has answered (decision 015):
 * at most one `__store` Set-Cookie in any answer (a page, a data answer, a redirect a loader threw), and none when
 * the request changed nothing in the session. A flashed toast travels in its own cookie (`__toast`): showing it
 * never rewrites the session.
 */
import { describe, expect, test } from "vitest";
import { BUYER, useStore, type Answer } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };

const store = useStore();

const cookieLines = (answer: Answer, name: string) =>
  answer.headers.getSetCookie().filter((line) => line.startsWith(`${name}=`));
const sessionCookies = (answer: Answer) => cookieLines(answer, "__store");
const toastCookies = (answer: Answer) => cookieLines(answer, "__toast");
const emptied = (line: string | undefined) => /;\s*Max-Age=0(;|$)/i.test(line ?? "");

describe("The session cookie", () => {
  test("without JavaScript: one on the add's redirect; the page that shows the toast and the next page write none", async () => {
    const guest = store.visitor();
    const added = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" });
    expect(added.status).toBe(303);
    expect(sessionCookies(added)).toHaveLength(1);
    expect(toastCookies(added)).toHaveLength(1);

    const shown = await guest.load(added.location!);
    expect(shown.toasts).toEqual(["Added to your cart"]);
    expect(sessionCookies(shown)).toEqual([]);
    expect(toastCookies(shown)).toHaveLength(1);
    expect(emptied(toastCookies(shown)[0])).toBe(true);

    // A returning shopper's next pages: nothing changed, nothing written.
    for (const path of ["/cart", "/", `/product/${COFFEE.id}`]) {
      const page = await guest.load(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.getSetCookie(), path).toEqual([]);
      expect(page.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    expect((await guest.load("/cart")).cartCount).toBe(1);
  });

  test("with JavaScript: one on the action's data answer; the revalidation that shows the toast writes no session", async () => {
    const guest = store.visitor();
    const added = await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "2" }, { js: true });
    expect(added.status).toBe(200);
    expect(sessionCookies(added)).toHaveLength(1);

    const revalidated = await guest.data(`/product/${COFFEE.id}`, ["root"]);
    expect((revalidated.data as { root: { data: { toasts: { message: string }[] } } }).root.data.toasts).toMatchObject([
      { message: "Added to your cart" },
    ]);
    expect(sessionCookies(revalidated)).toEqual([]);
    expect(emptied(toastCookies(revalidated)[0])).toBe(true);

    const again = await guest.data("/cart");
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  test("a buyer: one on sign-in; their pages, as documents and as data, write none", async () => {
    const buyer = await store.signedIn(BUYER);
    for (const path of ["/", "/cart", "/account", `/product/${COFFEE.id}`]) {
      const page = await buyer.load(path);
      expect(page.status, path).toBe(200);
      expect(sessionCookies(page), path).toEqual([]);
      expect(sessionCookies(await buyer.data(path)), `${path} (data)`).toEqual([]);
    }

    const signIn = await store.visitor().submit("/login", { username: BUYER.username, password: BUYER.password });
    expect(signIn.status).toBe(303);
    expect(sessionCookies(signIn)).toHaveLength(1);
  });

  test("a redirect the root's and the page's loaders both end in (a timed-out session) carries one, as a document and as data", async () => {
    const document = await store.signedIn(BUYER);
    const data = await store.signedIn(BUYER);
    expect((await document.load("/cart")).status).toBe(200);
    // Past the site's session timeout (2 h of the emulator's clock) the API refuses both buyers' tokens.
    expect((await store.control("POST", "/__emulator/clock", { advanceSeconds: 7201 })).ok).toBe(true);
    try {
      const page = await document.load("/cart");
      expect(page.status).toBe(303);
      expect(page.location).toBe("/login?redirectTo=%2Fcart");
      expect(sessionCookies(page)).toHaveLength(1);
      expect(toastCookies(page)).toHaveLength(1);
      const login = await document.load(page.location!);
      expect(login.toasts).toEqual(["Your session has timed out. Try again."]);
      expect(login.text).toContain("Sign in");

      const answer = await data.data("/cart");
      expect(answer.status).toBe(202);
      expect(answer.location).toBe("/login?redirectTo=%2Fcart");
      expect(sessionCookies(answer)).toHaveLength(1);
      // The browser's router is told to reload every loader after it (the header no longer greets the buyer).
      expect(answer.data).toMatchObject({ redirect: { revalidate: true } });
      expect(answer.headers.has("X-Remix-Revalidate")).toBe(false);
    } finally {
      await store.reset();
    }
  });
});
