import { describe, expect, it } from "vitest";
import {
  boundToast,
  boundToastText,
  DEFAULT_TOAST_DURATION_SECONDS,
  isAutoDismissed,
  isClosable,
  parseToast,
  TOAST_MESSAGES,
  TOAST_MODES,
  TOAST_VARIANTS,
  toastDurationSeconds,
  toastRole,
} from "../../app/lib/toast";
import { toastSchema } from "../../app/lib/toast/schema";

describe("toast schema", () => {
  it("accepts a full toast and a minimal one", () => {
    expect(
      toastSchema.parse({
        id: "t1",
        variant: "success",
        mode: "sticky",
        title: "Saved",
        message: "Done.",
        durationSeconds: 5,
      }),
    ).toMatchObject({ id: "t1", durationSeconds: 5 });
    expect(toastSchema.parse({ variant: "info", mode: "dismissible", message: "Hi" })).toEqual({
      variant: "info",
      mode: "dismissible",
      message: "Hi",
    });
  });

  it("knows the variants and modes", () => {
    expect(TOAST_VARIANTS).toEqual(["info", "success", "warning", "error"]);
    expect(TOAST_MODES).toEqual(["dismissible", "pester", "sticky"]);
  });

  it.each([
    { variant: "danger", mode: "sticky", message: "x" },
    { variant: "info", mode: "forever", message: "x" },
    { variant: "info", mode: "sticky", message: "" },
    { variant: "info", mode: "sticky" },
    { variant: "info", mode: "sticky", message: "x", durationSeconds: 0 },
    { variant: "info", mode: "sticky", message: "x", durationSeconds: 1.5 },
    { variant: "info", mode: "sticky", message: "x", durationSeconds: -3 },
  ])("refuses %j", (value) => {
    expect(toastSchema.safeParse(value).success).toBe(false);
    expect(parseToast(value)).toBeNull();
  });

  it("reads untrusted values as the server's schema does, dropping unknown keys", () => {
    const full = {
      id: "t1",
      variant: "success",
      mode: "sticky",
      title: "Saved",
      message: "Done.",
      durationSeconds: 5,
      extra: 1,
    };
    expect(parseToast(full)).toEqual(toastSchema.parse(full));
    expect(parseToast(full)).not.toHaveProperty("extra");
    expect(parseToast({ variant: "info", mode: "dismissible", message: "Hi" })).toEqual({
      variant: "info",
      mode: "dismissible",
      message: "Hi",
    });
    expect(parseToast({ variant: "info", mode: "sticky", message: "x", id: "" })).toBeNull();
    expect(toastSchema.safeParse({ variant: "info", mode: "sticky", message: "x", id: "" }).success).toBe(false);
    expect(parseToast(null)).toBeNull();
    expect(parseToast({ variant: "error", mode: "pester", message: "No" })?.variant).toBe("error");
  });
});

describe("toast behaviour", () => {
  it("lasts 3 seconds unless told otherwise", () => {
    expect(DEFAULT_TOAST_DURATION_SECONDS).toBe(3);
    expect(toastDurationSeconds({})).toBe(3);
    expect(toastDurationSeconds({ durationSeconds: 8 })).toBe(8);
  });

  it("alerts for warnings and errors, reports status for info and success", () => {
    expect(toastRole("info")).toBe("status");
    expect(toastRole("success")).toBe("status");
    expect(toastRole("warning")).toBe("alert");
    expect(toastRole("error")).toBe("alert");
  });

  it("leaves by itself unless sticky; only pester has no close button", () => {
    expect(isAutoDismissed("dismissible")).toBe(true);
    expect(isAutoDismissed("pester")).toBe(true);
    expect(isAutoDismissed("sticky")).toBe(false);
    expect(isClosable("dismissible")).toBe(true);
    expect(isClosable("sticky")).toBe(true);
    expect(isClosable("pester")).toBe(false);
  });

  it("has the spec's fixed texts", () => {
    expect(TOAST_MESSAGES.sessionTimedOut).toBe("Your session has timed out. Try again.");
    expect(TOAST_MESSAGES.lookupFailed).toBe("Something's not right. Check your info and try again.");
  });
});

describe("bounded toast text", () => {
  it("leaves a short message as it is, on one line", () => {
    expect(boundToastText("Added to your cart.", 240)).toBe("Added to your cart.");
    expect(boundToastText("  Added\n to   your cart. ", 240)).toBe("Added to your cart.");
  });

  it("cuts a long message at a word's end with an ellipsis, never past the bound", () => {
    const text = `Saved to ${"Very long wishlist name ".repeat(20)}`;
    const cut = boundToastText(text, 60);
    expect(Array.from(cut).length).toBeLessThanOrEqual(60);
    expect(cut).toMatch(/^Saved to Very long wishlist name .*[a-z]…$/);
    // One long word: cut inside it.
    expect(boundToastText("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("counts characters, not UTF-16 units, so no emoji is cut in half", () => {
    const cut = boundToastText("☕".repeat(10) + "🫘".repeat(10), 12);
    expect(Array.from(cut)).toHaveLength(12);
    expect(cut.endsWith("🫘…")).toBe(true);
  });

  it("bounds message and title of a toast and keeps the rest", () => {
    const bounded = boundToast({
      id: "t",
      variant: "info" as const,
      mode: "sticky" as const,
      message: "m".repeat(500),
      title: "t".repeat(500),
    });
    expect(bounded).toMatchObject({ id: "t", variant: "info", mode: "sticky" });
    expect(Array.from(bounded.message)).toHaveLength(240);
    expect(Array.from(bounded.title!)).toHaveLength(80);
    expect("title" in boundToast({ message: "m" })).toBe(false);
  });
});
