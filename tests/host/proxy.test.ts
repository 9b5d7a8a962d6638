import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddressOf, compileTrustProxy, isLocalRequest } from "../../server/proxy";

/** The parts of a Node request proxy-addr reads. */
function fakeRequest(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  } as unknown as IncomingMessage;
}

describe("TRUST_PROXY and the client's address", () => {
  it("ignores X-Forwarded-For unless the hop it came through is trusted", () => {
    const req = fakeRequest("127.0.0.1", "198.51.100.7, 203.0.113.9");
    expect(clientAddressOf(req, compileTrustProxy(undefined))).toBe("127.0.0.1");
    expect(clientAddressOf(req, compileTrustProxy("false"))).toBe("127.0.0.1");
    expect(clientAddressOf(req, compileTrustProxy("loopback"))).toBe("203.0.113.9");
    expect(clientAddressOf(req, compileTrustProxy("1"))).toBe("203.0.113.9");
    expect(clientAddressOf(req, compileTrustProxy("2"))).toBe("198.51.100.7");
    expect(clientAddressOf(fakeRequest("203.0.113.50", "198.51.100.7"), compileTrustProxy("loopback"))).toBe(
      "203.0.113.50",
    );
  });

  it("reads lists of addresses and CIDR ranges, and refuses what is not one", () => {
    const trust = compileTrustProxy("10.0.0.0/8, 192.0.2.1");
    expect(trust("10.1.2.3", 0)).toBe(true);
    expect(trust("192.0.2.1", 0)).toBe(true);
    expect(trust("192.0.2.2", 0)).toBe(false);
    expect(() => compileTrustProxy("not-an-address")).toThrow();
  });
});

describe("isLocalRequest (the emulator's test controls)", () => {
  it("is true for a loopback connection (IPv4, IPv6, IPv4-mapped) with nothing forwarded", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(isLocalRequest(fakeRequest(address))).toBe(true);
  });

  it("is false for a remote connection, and for a local one forwarding a remote client's request", () => {
    expect(isLocalRequest(fakeRequest("203.0.113.9"))).toBe(false);
    expect(isLocalRequest(fakeRequest("192.168.1.20"))).toBe(false);
    expect(isLocalRequest(fakeRequest("127.0.0.1", "203.0.113.9"))).toBe(false);
    expect(isLocalRequest(fakeRequest("127.0.0.1", "127.0.0.1"))).toBe(true);
    expect(isLocalRequest(fakeRequest("127.0.0.1", "garbage"))).toBe(false);
  });
});
