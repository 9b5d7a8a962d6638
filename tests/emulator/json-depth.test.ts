import { describe, expect, it } from "vitest";
import { jsonDepth, MAX_JSON_DEPTH } from "../../server/emulator/core/router";

describe("jsonDepth (the emulator's body parser refuses more than MAX_JSON_DEPTH levels)", () => {
  it("counts nested arrays and objects", () => {
    expect(MAX_JSON_DEPTH).toBe(100);
    expect(jsonDepth('"text"')).toBe(0);
    expect(jsonDepth("{}")).toBe(1);
    expect(jsonDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(jsonDepth("[".repeat(500) + "]".repeat(500))).toBe(500);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonDepth('{"name":"[[[{{{"}')).toBe(1);
    expect(jsonDepth('{"name":"say \\"[[[\\" and \\\\","x":[[]]}')).toBe(3);
  });
});
