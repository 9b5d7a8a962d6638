// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ColourPicker } from "../../app/components/ColourPicker";
import { calendarWeeks, DatePicker } from "../../app/components/DatePicker";
import { ErrorList, Field } from "../../app/components/Field";
import { SelectField } from "../../app/components/SelectField";
import { QuantityInput } from "../../app/components/QuantityInput";
import { VALIDITY_MESSAGES } from "../../app/lib/validation";
import { cleanUpAfterEach, renderServerMarkup } from "./components-helpers";

// Form fields: Field, SelectField, ErrorList, QuantityInput, and the date and colour pickers.

cleanUpAfterEach();

describe("Field", () => {
  it("labels its input and marks required fields", () => {
    const view = render(<Field label="Full name" name="fullName" id="name" required />);
    const label = view.getByText("Full name", { selector: "label" });
    expect(label).toHaveAttribute("for", "name");
    expect(label).toHaveClass("kit-field__label", { exact: true });
    const input = view.getByRole("textbox", { name: "Full name" });
    expect(input).toHaveAttribute("id", "name");
    expect(input).toHaveAttribute("name", "fullName");
    expect(input).toBeRequired();
    const marker = view.getByTitle("required");
    expect(marker).toHaveClass("kit-field__required", { exact: true });
    expect(marker).toHaveAttribute("aria-hidden", "true");
    expect(marker).toHaveTextContent(/^\*$/);
  });

  it("has no error state until there is an error", () => {
    const view = render(<Field label="Full name" id="name" />);
    const input = view.getByRole("textbox", { name: "Full name" });
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
    expect(view.queryByRole("list")).not.toBeInTheDocument();
  });

  it("wires an error through aria-invalid and aria-describedby to the error list", () => {
    const view = render(
      <Field label="Full name" id="name" help="As on your card." errors={[VALIDITY_MESSAGES.valueMissing]} />,
    );
    const input = view.getByRole("textbox", { name: "Full name" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-describedby", "name-help name-error");
    const list = view.getByRole("list");
    expect(list).toHaveClass("kit-error-list", { exact: true });
    expect(list.parentElement).toHaveAttribute("id", "name-error");
    expect(within(list).getAllByRole("listitem")[0]).toHaveTextContent(/^Complete this field\.$/);
    const help = view.getByText("As on your card.", { selector: "div" });
    expect(help).toHaveAttribute("id", "name-help");
    expect(help).toHaveClass("kit-field__help", { exact: true });
  });

  it("shows the single highest-priority message", () => {
    const view = render(
      <Field label="Code" id="code" errors={[VALIDITY_MESSAGES.valueMissing, VALIDITY_MESSAGES.patternMismatch]} />,
    );
    expect(view.getByText("You have entered an invalid format.")).toBeInTheDocument();
    expect(view.container).not.toHaveTextContent("Complete this field.");
  });

  it("takes id, name, value, constraints and errors from Conform metadata", () => {
    const meta = {
      id: "f-email",
      name: "email",
      formId: "f",
      errorId: "f-email-error",
      descriptionId: "f-email-description",
      initialValue: "jo@",
      errors: [VALIDITY_MESSAGES.badEmailInput],
      required: true,
      maxLength: 80,
    };
    const view = render(<Field label="Email" type="email" meta={meta} />);
    const input = view.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAttribute("form", "f");
    expect(input).toHaveAttribute("maxlength", "80");
    expect(input).toHaveAttribute("id", "f-email");
    expect(input).toHaveAttribute("name", "email");
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveValue("jo@");
    expect(input).toHaveAttribute("aria-describedby", "f-email-error");
    expect(view.getByText("Enter a valid email address, such as john@example.com.")).toBeInTheDocument();
  });

  it("says 'Limit reached' when the value fills maxLength, and not before", () => {
    const full = render(<Field label="Code" id="c" maxLength={5} defaultValue="abcde" />);
    expect(within(full.container).getByText("Limit reached", { selector: "div" })).toHaveAttribute("id", "c-limit");
    const short = render(<Field label="Code" id="c" maxLength={5} defaultValue="abcd" />);
    expect(short.container).not.toHaveTextContent("Limit reached");
  });

  it("renders number fields as text so k/m/b/t shortcuts can be typed", () => {
    const input = render(<Field label="Budget" type="number" id="b" />).getByRole("textbox", { name: "Budget" });
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveAttribute("inputmode", "decimal");
  });

  it("refuses to render without a label or with an unknown type", () => {
    expect(() => renderServerMarkup(<Field label="" name="x" />)).toThrow(/needs a label/);
    expect(() => renderServerMarkup(<Field label="X" type="emial" />)).toThrow(/Unknown input type/);
  });

  it("puts a checkbox before its label", () => {
    const view = render(<Field label="Gift wrap" type="checkbox" id="gift" />);
    const checkbox = view.getByRole("checkbox", { name: "Gift wrap" });
    const label = view.getByText("Gift wrap", { selector: "label" });
    expect(checkbox.compareDocumentPosition(label)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(checkbox).toHaveAttribute("type", "checkbox");
  });

  it("renders a labelled select with errors", () => {
    const view = render(
      <SelectField
        label="Size"
        id="size"
        options={[{ value: "s", label: "Small" }]}
        errors={["Enter a valid value."]}
      />,
    );
    expect(view.getByText("Size", { selector: "label" })).toHaveAttribute("for", "size");
    const select = view.getByRole("combobox", { name: "Size" });
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAttribute("aria-describedby", "size-error");
  });

  it("renders an empty error list as an empty live region", () => {
    // The exact markup (one empty element, these attributes and no others): a string check, as no DOM query says it.
    expect(renderToString(<ErrorList id="e" errors={[]} />)).toBe(
      '<div id="e" class="kit-field__errors" aria-live="polite"></div>',
    );
  });
});

describe("QuantityInput", () => {
  it("starts at 1 with a numeric keypad and keeps its label", () => {
    const input = render(<QuantityInput label="Quantity" name="quantity" id="q" />).getByRole("textbox", {
      name: "Quantity",
    });
    expect(input).toHaveValue("1");
    expect(input).toHaveAttribute("inputmode", "numeric");
  });

  it("requires a label", () => {
    expect(() => renderServerMarkup(<QuantityInput label="" name="quantity" />)).toThrow(/needs a label/);
  });
});

describe("pickers without JavaScript", () => {
  it("renders the date picker as a native date input with its range hint", () => {
    const markup = within(
      renderServerMarkup(<DatePicker label="Delivery date" name="when" id="when" min="2025-03-01" max="2025-03-31" />),
    );
    const input = markup.getByLabelText("Delivery date");
    expect(input).toHaveAttribute("type", "date");
    expect(input).toHaveAttribute("min", "2025-03-01");
    expect(input).toHaveAttribute("placeholder", "M/d/yyyy");
    expect(markup.getByText("Select a date from Mar 1, 2025 through Mar 31, 2025")).toBeInTheDocument();
    expect(markup.queryByRole("button", { name: /Choose date/ })).not.toBeInTheDocument();
  });

  it("lays out the calendar in Monday-first weeks", () => {
    const weeks = calendarWeeks("2025-03-15");
    expect(weeks[0][0]).toBe("2025-02-24");
    expect(weeks[0][5]).toBe("2025-03-01");
    expect(weeks.at(-1)?.at(-1)).toBe("2025-04-06");
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("renders the colour picker as a hex text input with the default colour", () => {
    const picker = <ColourPicker label="Brand colour" name="colour" id="colour" />;
    const input = within(renderServerMarkup(picker)).getByRole("textbox", { name: "Brand colour" });
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveValue("#5679C0");
    expect(input).toHaveAttribute("maxlength", "7");
    // The swatch's exact inline style (it has no role, name or text to find it by): a string check.
    expect(renderToString(picker)).toContain("background-color:#5679C0");
  });

  it("previews an invalid colour as black", () => {
    // The swatch's exact inline style (it has no role, name or text to find it by): a string check.
    expect(renderToString(<ColourPicker label="Brand colour" name="colour" defaultValue="#12" />)).toContain(
      "background-color:#000000",
    );
  });
});
