// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, getNodeText, render, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
// Remix's router underneath (its <Link> and useHref are React Router's): links render as they do in the store.
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AddressForm } from "../../../app/components/AddressForm";
import { Breadcrumbs } from "../../../app/components/Breadcrumbs";
import { BUTTON_SIZES, Button } from "../../../app/components/Button";
import { ColourPicker } from "../../../app/components/ColourPicker";
import {
  consentMaxAgeSeconds,
  COOKIE_CONSENT_MAX_AGE,
  CookieConsentBanner,
} from "../../../app/components/CookieConsent";
import { consentCookieHeader, readConsent } from "../../../app/cookie-consent.server";
import { calendarWeeks, DatePicker } from "../../../app/components/DatePicker";
import { ErrorList, Field } from "../../../app/components/Field";
import { SelectField } from "../../../app/components/SelectField";
import { Price } from "../../../app/components/Price";
import { QuantityInput } from "../../../app/components/QuantityInput";
import { BREAKPOINTS, Column, columnPortion, Section } from "../../../app/components/Section";
import { Spinner } from "../../../app/components/Spinner";
import { Toast, ToastRegion } from "../../../app/components/Toast";
import {
  Tooltip,
  TOOLTIP_LEAVE_DEBOUNCE_MS,
  TOOLTIP_LINGER_MS,
  TOOLTIP_MIN_WIDTH_PX,
  TOOLTIP_OFFSET_PX,
} from "../../../app/components/Tooltip";
import { VALIDITY_MESSAGES } from "../../../app/lib/validation";

/**
 * What a shopper without JavaScript gets: the server's HTML (renderToString) in a container on the page, queried with
 * `within(container)`. Nothing hydrates it, so what waits for JavaScript (useHydrated) is not there.
 */
function renderServerMarkup(element: ReactElement): HTMLElement {
  const markup = renderToString(element);
  const container = document.createElement("div");
  container.innerHTML = markup;
  document.body.append(container);
  return container;
}

/** The labels of the fields in document order: each label's own text, without the required marker inside it. */
function labelsInOrder(container: HTMLElement): string[] {
  return within(container)
    .getAllByText(/./, { selector: "label" })
    .map((label) => getNodeText(label));
}

afterEach(() => {
  cleanup(); // unmounts what `render` mounted
  document.body.replaceChildren(); // and drops the server markup
});

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

describe("Price", () => {
  it("formats an API money string", () => {
    expect(render(<Price amount="23.00" />).getByText("$23.00")).toBeInTheDocument();
  });

  it("strikes through an original price", () => {
    const original = render(<Price amount="20" originalAmount="25.00" />).getByText("$25.00", { selector: "s" });
    expect(original).toHaveClass("kit-price__original", { exact: true });
  });

  it("shows the fallback for a missing amount", () => {
    // Bare text and no element around it: a string check, as a DOM query finds elements.
    expect(renderToString(<Price amount="n/a" fallback="No pricing data available" />)).toBe(
      "No pricing data available",
    );
  });
});

describe("Breadcrumbs", () => {
  /**
   * In a router at the site root, or under a base path (the store's BASE_PATH is the router's basename), with the
   * store's router flags (Remix's browser router sets the first, remix.config.js's v3_relativeSplatPath the second).
   */
  const inRouter = (element: ReactElement, basename?: string) => (
    <MemoryRouter
      basename={basename}
      initialEntries={[`${basename ?? ""}/`]}
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
    >
      {element}
    </MemoryRouter>
  );
  const trail = [
    { label: "Order History", url: "/OrderSummary" },
    { label: "Order Details", url: "/OrderSummary/1" },
  ];

  it("is a nav named Breadcrumbs with an ordered list and the current page last", () => {
    const view = render(inRouter(<Breadcrumbs items={trail} />));
    const nav = view.getByRole("navigation", { name: "Breadcrumbs" });
    expect(within(nav).getByRole("list").tagName).toBe("OL");
    expect(view.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    const current = view.getByRole("link", { name: "Order Details" });
    expect(current).toHaveAttribute("href", "/OrderSummary/1");
    expect(current).toHaveAttribute("aria-current", "page");
    expect(view.getAllByRole("link", { current: "page" })).toHaveLength(1);
  });

  it("puts store paths under the base path, and leaves absolute URLs as they are", () => {
    const view = render(
      inRouter(<Breadcrumbs items={[...trail, { label: "Elsewhere", url: "https://example.com/x" }]} />, "/shop"),
    );
    expect(view.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/shop");
    expect(view.getByRole("link", { name: "Order Details" })).toHaveAttribute("href", "/shop/OrderSummary/1");
    expect(view.getByRole("link", { name: "Elsewhere" })).toHaveAttribute("href", "https://example.com/x");
  });

  it("shows at most 5 items plus Home", () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ label: `L${i}`, url: `/${i}` }));
    const view = render(inRouter(<Breadcrumbs items={many} />));
    expect(view.getAllByRole("listitem")).toHaveLength(6);
    view.rerender(inRouter(<Breadcrumbs items={many} showHome={false} />));
    expect(view.getAllByRole("listitem")).toHaveLength(5);
  });

  it("hides the divider from assistive technology and can use >", () => {
    const view = render(inRouter(<Breadcrumbs items={trail} divider=">" />));
    for (const divider of view.getAllByText(">", { selector: "span" })) {
      expect(divider).toHaveAttribute("aria-hidden", "true");
    }
    view.rerender(inRouter(<Breadcrumbs items={trail} />));
    for (const divider of view.getAllByText("/", { selector: "span" })) {
      expect(divider).toHaveAttribute("aria-hidden", "true");
    }
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

describe("Section and Column", () => {
  it("has the spec's breakpoints", () => {
    expect(BREAKPOINTS.desktop).toBe("(min-width: 64.0625em)");
    expect(BREAKPOINTS.tablet).toBe("(min-width: 48em) and (max-width: 64em)");
    expect(BREAKPOINTS.mobile).toBe("(max-width: 47.9375em)");
  });

  it("computes the column portions of a 12-column grid", () => {
    expect(columnPortion(6)).toBe("50%");
    expect(columnPortion(2)).toBe("16.67%");
    expect(columnPortion(4)).toBe("33.33%");
    expect(columnPortion(8)).toBe("66.67%");
    expect(columnPortion(40)).toBe("100%");
  });

  it("sets width, gutter, min height and per-breakpoint direction", () => {
    const markup = within(
      renderServerMarkup(
        <Section
          aria-label="Promo"
          gutter={24}
          minHeight="10rem"
          direction={{ desktop: "row", tablet: "column" }}
          verticalAlign="center"
        >
          <Column width={4}>A</Column>
        </Section>,
      ),
    );
    const section = markup.getByRole("region", { name: "Promo" });
    // The exact inline styles the server writes: string checks, as no DOM query states custom properties identically.
    expect(section).toHaveAttribute("style", expect.stringContaining("--kit-section-max-width:1440px"));
    expect(section).toHaveAttribute("style", expect.stringContaining("--kit-section-gutter:24px"));
    expect(section).toHaveAttribute("style", expect.stringContaining("--kit-section-min-height:10rem"));
    expect(section).toHaveClass("kit-section--desktop-row", "kit-section--tablet-column", "kit-section--mobile-column");
    expect(section).toHaveClass("kit-section--align-center");
    expect(markup.getByText("A")).toHaveAttribute("style", expect.stringContaining("--kit-column-span:4"));
  });

  it("renders a background image per breakpoint with alt text under an overlay", () => {
    const container = renderServerMarkup(
      <Section
        background={{ desktop: "/d.jpg", tablet: "/t.jpg", mobile: "/m.jpg", alt: "Hero" }}
        overlayColor="rgba(0,0,0,0.5)"
      >
        <Column>x</Column>
      </Section>,
    );
    // A <picture>'s sources and the overlay have no role, name or text to find them by: CSS selectors find them.
    expect(container.querySelector('source[srcset="/m.jpg"]')).toHaveAttribute("media", "(max-width: 47.9375em)");
    expect(container.querySelector('source[srcset="/t.jpg"]')).toHaveAttribute(
      "media",
      "(min-width: 48em) and (max-width: 64em)",
    );
    expect(within(container).getByRole("img", { name: "Hero" })).toHaveAttribute("src", "/d.jpg");
    expect(container.querySelector(".kit-section__overlay")).toBeInTheDocument();
  });

  it("renders no background when there is none", () => {
    // The background has no role, name or text to find it by: a CSS selector looks for it.
    expect(renderServerMarkup(<Section>x</Section>).querySelector(".kit-section__background")).not.toBeInTheDocument();
  });
});

describe("AddressForm", () => {
  it("orders given name first and says State for the US", () => {
    const { container } = render(<AddressForm countries={["US", "JP"]} defaultValue={{ country: "US" }} />);
    expect(labelsInOrder(container)).toEqual([
      "First Name",
      "Last Name",
      "Company",
      "Street",
      "City",
      "State",
      "Postal Code",
      "Country",
      "Phone Number",
    ]);
  });

  it("orders family name first and says Region for Japan", () => {
    const { container } = render(<AddressForm countries={["US", "JP"]} defaultValue={{ country: "JP" }} />);
    const labels = labelsInOrder(container);
    expect(labels.slice(0, 2)).toEqual(["Last Name", "First Name"]);
    expect(labels).toContain("Region");
    expect(labels).not.toContain("State");
  });

  it("prefixes names so two forms fit in one page, the phone as shipToPhoneNumber", () => {
    const view = render(
      <>
        <AddressForm countries={["US"]} prefix="shipping" />
        <AddressForm countries={["US"]} prefix="billing" />
      </>,
    );
    const [shipping, billing] = view.getAllByRole("group", { name: "Address" }).map((group) => within(group));
    expect(shipping.getByRole("textbox", { name: "First Name" })).toHaveAttribute("name", "shipping.firstName");
    expect(billing.getByRole("textbox", { name: "First Name" })).toHaveAttribute("name", "billing.firstName");
    expect(shipping.getByRole("textbox", { name: "Phone Number" })).toHaveAttribute(
      "name",
      "shipping.shipToPhoneNumber",
    );
    expect(billing.getByRole("textbox", { name: "City" })).toHaveAttribute("id", "billing-city");
  });

  it("offers the countries of the prop, selecting the default", () => {
    const view = render(<AddressForm countries={["US", "CA"]} defaultValue={{ country: "CA" }} />);
    expect(view.getByRole("option", { name: "United States", selected: false })).toHaveAttribute("value", "US");
    expect(view.getByRole("option", { name: "Canada", selected: true })).toHaveAttribute("value", "CA");
  });

  it("uses Conform's fieldset metadata when given", () => {
    const field = (name: string) => ({
      id: `f-${name}`,
      name: `shipping.${name}`,
      errors: name === "city" ? ["Complete this field."] : undefined,
    });
    const meta = {
      id: "f-shipping",
      name: "shipping",
      getFieldset: () =>
        Object.fromEntries(
          [
            "firstName",
            "lastName",
            "companyName",
            "street",
            "city",
            "region",
            "postalCode",
            "country",
            "shipToPhoneNumber",
          ].map((n) => [n, field(n)]),
        ),
    };
    const city = render(<AddressForm countries={["US"]} meta={meta} />).getByRole("textbox", { name: "City" });
    expect(city).toHaveAttribute("name", "shipping.city");
    expect(city).toHaveAttribute("id", "f-city");
    expect(city).toHaveAttribute("aria-invalid", "true");
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

describe("cookie consent", () => {
  it("remembers the choice for 365 days", async () => {
    expect(COOKIE_CONSENT_MAX_AGE).toBe(31_536_000);
    expect(consentMaxAgeSeconds(365)).toBe(31_536_000);
    expect(consentMaxAgeSeconds(1)).toBe(86_400);
    expect(await consentCookieHeader("accept", { secure: true })).toBe(
      // The same attributes; the order is the `cookie` package's (Remix's createCookie), which cookies don't heed.
      "cookie_consent=accept; Max-Age=31536000; Path=/; Secure; SameSite=Lax",
    );
  });

  it("reads the choice back, ignoring anything else", async () => {
    expect(await readConsent("a=1; cookie_consent=decline")).toBe("decline");
    expect(await readConsent("cookie_consent=maybe")).toBeNull();
    expect(await readConsent(null)).toBeNull();
  });

  it("posts accept or decline to the configured action when consent is enabled", () => {
    const view = render(<CookieConsentBanner enabled action="/consent" redirectTo="/cart" />);
    const accept = view.getByRole("button", { name: "Accept" });
    const form = accept.closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/consent");
    expect(form).toHaveFormValues({ redirectTo: "/cart" });
    expect(accept).toHaveAttribute("name", "intent");
    expect(accept).toHaveAttribute("value", "accept");
    const decline = view.getByRole("button", { name: "Decline" });
    expect(decline).toHaveAttribute("name", "intent");
    expect(decline).toHaveAttribute("value", "decline");
  });

  it("hides when consent is off or already chosen", () => {
    // Nothing at all, not even an empty element: a string check, as a DOM query finds elements.
    expect(renderToString(<CookieConsentBanner enabled={false} action="/consent" />)).toBe("");
    expect(renderToString(<CookieConsentBanner enabled consent="accept" action="/consent" />)).toBe("");
  });
});
