import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../../server/security";

describe("contentSecurityPolicy", () => {
  it("allows scripts from the store and with the response's nonce only, and no framing", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123==", https: false });
    const directives = Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
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
