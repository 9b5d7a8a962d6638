import { describe, expect, it } from "vitest";
import { documentedAt, versionNumber } from "../../server/webstore/core.js";
import { testClient } from "./fake-fetch.js";

describe("API versions", () => {
  it("reads the client's version as a number", () => {
    expect(versionNumber("v65.0")).toBe(65);
    expect(versionNumber("62.0")).toBe(62);
    expect(() => versionNumber("latest")).toThrow(RangeError);
  });

  it("tells whether a resource exists at a version from its documented range", () => {
    expect(documentedAt({ apiVersion: 65 }, 64)).toBe(true);
    expect(documentedAt({ apiVersion: 63 }, 64)).toBe(false);
    expect(documentedAt({ apiVersion: 62 }, 61, 62)).toBe(true);
    expect(documentedAt({ apiVersion: 63 }, 61, 62)).toBe(false);
  });

  it("exposes the version the client speaks", () => {
    expect(testClient().client.apiVersion).toBe(65);
    expect(testClient(undefined, { apiVersion: "v58.0" }).client.apiVersion).toBe(58);
  });
});
