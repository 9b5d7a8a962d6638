// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BUTTON_SIZES, Button } from "../../app/components/Button";
import { Spinner } from "../../app/components/Spinner";
import { Toast, ToastRegion } from "../../app/components/Toast";
import {
  Tooltip,
  TOOLTIP_LEAVE_DEBOUNCE_MS,
  TOOLTIP_LINGER_MS,
  TOOLTIP_MIN_WIDTH_PX,
  TOOLTIP_OFFSET_PX,
} from "../../app/components/Tooltip";
import { cleanUpAfterEach, renderServerMarkup } from "./components-helpers";

// What tells a shopper something is happening or worth knowing: Spinner, Button, Tooltip, Toast.

cleanUpAfterEach();

describe("Spinner and Button", () => {
  it("renders the text Loading in a status", () => {
    const status = render(<Spinner />).getByRole("status");
    expect(within(status).getByText("Loading", { selector: "span" })).toBeInTheDocument();
  });

  it("shows a visible custom label when asked", () => {
    expect(render(<Spinner label="Loading order" showLabel />).getByText("Loading order")).toHaveClass(
      "kit-spinner__label",
      { exact: true },
    );
  });

  it("shows a busy pending state that refuses clicks but keeps focus (aria-disabled)", () => {
    const view = render(
      <Button pending pendingLabel="Saving">
        Save
      </Button>,
    );
    const button = view.getByRole("button", { name: "Saving" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).not.toHaveAttribute("disabled");
    expect(view.queryByText("Save")).not.toBeInTheDocument();
  });

  it("is an enabled submit button when idle", () => {
    const button = render(<Button>Save</Button>).getByRole("button", { name: "Save" });
    expect(button).toHaveAttribute("type", "submit");
    expect(button).not.toHaveAttribute("disabled");
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(button).not.toHaveAttribute("aria-busy");
  });

  it("comes in the spec's five sizes, medium by default", () => {
    expect(BUTTON_SIZES).toEqual(["xx-small", "x-small", "small", "medium", "large"]);
    const view = render(<Button>Go</Button>);
    for (const size of BUTTON_SIZES) {
      view.rerender(<Button size={size}>Go</Button>);
      expect(view.getByRole("button", { name: "Go" })).toHaveClass(`kit-button--${size}`);
    }
    view.rerender(<Button>Go</Button>);
    expect(view.getByRole("button", { name: "Go" })).toHaveClass("kit-button--medium");
  });
});

describe("Tooltip", () => {
  it("is a button whose description is the explanation, named for screen readers", () => {
    const view = render(<Tooltip label="What is the CVV?">Three digits on the back.</Tooltip>);
    const button = view.getByRole("button", { name: "What is the CVV?", description: "Three digits on the back." });
    const tooltip = view.getByRole("tooltip");
    expect(tooltip.id).toBeTruthy();
    expect(button).toHaveAttribute("aria-describedby", tooltip.id);
    expect(tooltip).toHaveTextContent(/^Three digits on the back\.$/);
    expect(view.getByText("What is the CVV?")).toHaveClass("kit-visually-hidden", { exact: true });
    expect(button).toHaveAttribute("type", "button");
  });

  it("renders closed and un-enhanced on the server, so CSS hover and focus show it without JavaScript", () => {
    const tooltip = renderServerMarkup(<Tooltip label="Help">Text</Tooltip>).firstElementChild;
    expect(tooltip).not.toHaveAttribute("data-open");
    expect(tooltip).not.toHaveAttribute("data-enhanced");
  });

  it("carries the spec's sizes and timings", () => {
    expect([TOOLTIP_MIN_WIDTH_PX, TOOLTIP_OFFSET_PX, TOOLTIP_LEAVE_DEBOUNCE_MS, TOOLTIP_LINGER_MS]).toEqual([
      75, 16, 200, 2000,
    ]);
    // The exact inline style the server writes: a string check, as no DOM query states custom properties identically.
    expect(renderServerMarkup(<Tooltip label="Help">Text</Tooltip>).firstElementChild).toHaveAttribute(
      "style",
      expect.stringContaining("--kit-tooltip-min-width:75px;--kit-tooltip-offset:16px"),
    );
  });
});

describe("Toast", () => {
  it("uses role=status for info and success, role=alert for warning and error", () => {
    const view = render(<Toast toast={{ variant: "success", mode: "sticky", message: "Saved." }} />);
    expect(view.getByRole("status")).toBeInTheDocument();
    view.rerender(<Toast toast={{ variant: "error", mode: "sticky", message: "Failed." }} />);
    expect(view.getByRole("alert")).toBeInTheDocument();
  });

  it("renders title and message without a close button before JavaScript runs", () => {
    const markup = within(
      renderServerMarkup(
        <Toast
          toast={{ variant: "warning", mode: "dismissible", title: "Careful", message: "Low stock." }}
          onClose={() => {}}
        />,
      ),
    );
    const toast = markup.getByRole("alert");
    expect(within(toast).getByText("Careful")).toBeInTheDocument();
    expect(within(toast).getByText("Low stock.")).toBeInTheDocument();
    expect(toast).toHaveClass("kit-toast--warning");
    expect(markup.queryByRole("button", { name: "Close" })).not.toBeInTheDocument();
  });

  it("renders every toast of a region inside a named landmark", () => {
    const view = render(
      <ToastRegion
        toasts={[
          { id: "a", variant: "info", mode: "pester", message: "One" },
          { id: "b", variant: "error", mode: "sticky", message: "Two" },
        ]}
      />,
    );
    const region = view.getByRole("region", { name: "Notifications" });
    expect(within(region).getByRole("status")).toHaveTextContent("One");
    expect(within(region).getByRole("alert")).toHaveTextContent("Two");
  });
});
