// @vitest-environment jsdom
/**
 * The spec's toast modes (§2) with JavaScript on: dismissible (a close button, gone after its duration, 3 s by
 * default), pester (no close button, gone after its duration), sticky (stays until closed). Virtual timers.
 */
import "@testing-library/jest-dom/vitest";
import { act, fireEvent, render, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastRegion } from "../../app/components/Toast";
import type { Toast } from "../../app/lib/toast";
import { cleanUpAfterEach } from "./components-helpers";

cleanUpAfterEach();
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function shown(toast: Toast) {
  const view = render(<ToastRegion toasts={[{ id: "t", ...toast }]} />);
  const region = view.getByRole("region", { name: "Notifications" });
  return {
    region,
    visible: () => within(region).queryByText(toast.message) !== null,
    close: () => within(region).queryByRole("button", { name: "Close" }),
    after: (ms: number) => act(() => vi.advanceTimersByTime(ms)),
  };
}

describe("Toast modes", () => {
  it("dismissible, an error too: closable, and gone after the default 3 s", () => {
    const toast = shown({ variant: "error", mode: "dismissible", message: "Couldn't save." });
    expect(toast.close()).toBeInTheDocument();
    toast.after(2_999);
    expect(toast.visible()).toBe(true);
    toast.after(1);
    expect(toast.visible()).toBe(false);
  });

  it("dismissible: the timer waits while the pointer is on the toast", () => {
    const toast = shown({ variant: "info", mode: "dismissible", message: "Saved." });
    fireEvent.mouseEnter(within(toast.region).getByRole("status"));
    toast.after(10_000);
    expect(toast.visible()).toBe(true);
    fireEvent.mouseLeave(within(toast.region).getByRole("status"));
    toast.after(3_000);
    expect(toast.visible()).toBe(false);
  });

  it("pester: no close button, gone after its own duration", () => {
    const toast = shown({ variant: "warning", mode: "pester", message: "Low stock.", durationSeconds: 5 });
    expect(toast.close()).toBeNull();
    toast.after(4_999);
    expect(toast.visible()).toBe(true);
    toast.after(1);
    expect(toast.visible()).toBe(false);
  });

  it("sticky: stays until closed", () => {
    const toast = shown({ variant: "success", mode: "sticky", message: "Sent." });
    toast.after(60_000);
    expect(toast.visible()).toBe(true);
    act(() => toast.close()!.click());
    expect(toast.visible()).toBe(false);
  });
});
