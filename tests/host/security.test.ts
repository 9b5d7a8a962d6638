import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isFormContentType, judgeFormBody, judgeOrigin } from "../../server/security";

const STORE = "http://localhost:3000";

describe("judgeOrigin (CSRF)", () => {
  it("lets the store's own Origin through and refuses any other, 'null' included", () => {
    expect(judgeOrigin({ origin: STORE }, STORE)).toEqual({ ok: true, by: "origin" });
    expect(judgeOrigin({ origin: "https://evil.example" }, STORE)).toMatchObject({ ok: false });
    expect(judgeOrigin({ origin: "null" }, STORE)).toMatchObject({ ok: false });
    // Another port or scheme is another origin.
    expect(judgeOrigin({ origin: "http://localhost:3001" }, STORE)).toMatchObject({ ok: false });
    expect(judgeOrigin({ origin: "https://localhost:3000" }, STORE)).toMatchObject({ ok: false });
  });

  it("lets Origin decide over the other signals", () => {
    expect(
      judgeOrigin({ origin: "https://evil.example", secFetchSite: "same-origin", referer: `${STORE}/cart` }, STORE),
    ).toMatchObject({ ok: false });
    expect(judgeOrigin({ origin: STORE, secFetchSite: "cross-site" }, STORE)).toMatchObject({ ok: true });
  });

  it("falls back on Sec-Fetch-Site without Origin: same-origin and none pass, same-site and cross-site don't", () => {
    expect(judgeOrigin({ secFetchSite: "same-origin" }, STORE)).toEqual({ ok: true, by: "sec-fetch-site" });
    expect(judgeOrigin({ secFetchSite: "none" }, STORE)).toEqual({ ok: true, by: "sec-fetch-site" });
    expect(judgeOrigin({ secFetchSite: "same-site" }, STORE)).toMatchObject({ ok: false });
    expect(judgeOrigin({ secFetchSite: "cross-site", referer: `${STORE}/cart` }, STORE)).toMatchObject({ ok: false });
  });

  it("without browser signals, refuses only a Referer from elsewhere (curl and scripts hold no shopper's cookies)", () => {
    expect(judgeOrigin({}, STORE)).toEqual({ ok: true, by: "no-browser-signal" });
    expect(judgeOrigin({ referer: `${STORE}/cart?x=1` }, STORE)).toEqual({ ok: true, by: "referer" });
    expect(judgeOrigin({ referer: "https://evil.example/page" }, STORE)).toMatchObject({ ok: false });
    expect(judgeOrigin({ referer: "not a url" }, STORE)).toMatchObject({ ok: false });
  });
});

describe("judgeFormBody", () => {
  const form = "application/x-www-form-urlencoded";
  it("takes the two types an HTML form sends, with parameters", () => {
    expect(isFormContentType("application/x-www-form-urlencoded;charset=UTF-8")).toBe(true);
    expect(isFormContentType("multipart/form-data; boundary=----x")).toBe(true);
    expect(isFormContentType("Application/X-WWW-Form-Urlencoded")).toBe(true);
    for (const type of ["application/json", "text/plain", "", undefined, null])
      expect(isFormContentType(type)).toBe(false);
  });

  it("refuses JSON, text and a missing body with 415, saying what the store takes", () => {
    for (const contentType of ["application/json", "text/plain;charset=UTF-8", undefined]) {
      const verdict = judgeFormBody({ contentType, contentLength: "2" });
      expect(verdict).toMatchObject({ ok: false, status: 415 });
      expect(verdict.ok || verdict.message).toMatch(/application\/x-www-form-urlencoded or multipart\/form-data/);
    }
  });

  it("refuses a body over the limit with 413 and one without a declared length with 411", () => {
    expect(judgeFormBody({ contentType: form, contentLength: String(1024 * 1024) })).toEqual({ ok: true });
    expect(judgeFormBody({ contentType: form, contentLength: String(1024 * 1024 + 1) })).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(judgeFormBody({ contentType: form, contentLength: "1025" }, 1024)).toMatchObject({
      ok: false,
      status: 413,
      message: expect.stringContaining("1 KB"),
    });
    expect(judgeFormBody({ contentType: form, contentLength: "-1" })).toMatchObject({ ok: false, status: 413 });
    expect(judgeFormBody({ contentType: form, transferEncoding: "chunked" })).toMatchObject({ ok: false, status: 411 });
    // Size is judged before type: a huge JSON body is refused without being read.
    expect(judgeFormBody({ contentType: "application/json", contentLength: String(2 * 1024 * 1024) })).toMatchObject({
      status: 413,
    });
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts from the store and with the response's nonce only, and no framing", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123==", https: false });
    const directives = Object.fromEntries(
      policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
    );
    expect(directives["script-src"]).toBe("'self' 'nonce-abc123=='");
    expect(directives["frame-ancestors"]).toBe("'none'");
    expect(directives["object-src"]).toBe("'none'");
    expect(directives["base-uri"]).toBe("'none'");
    expect(directives["form-action"]).toBe("'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ nonce: "n", https: true })).toContain("upgrade-insecure-requests");
  });
});
