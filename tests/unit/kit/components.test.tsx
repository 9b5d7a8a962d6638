import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
// Remix's router underneath (its <Link> and useHref are React Router's): links render as they do in the store.
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
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

/** Server-rendered HTML parsed back into a DOM-like string we can query with regexes. */
function html(element: ReactElement): string {
  return renderToString(element);
}

function attr(markup: string, tag: string, name: string): string | undefined {
  const match = new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(markup);
  return match?.[1];
}

function labelsInOrder(markup: string): string[] {
  return [...markup.matchAll(/<label[^>]*>([^<]*)/g)].map((match) => match[1]);
}

describe("Field", () => {
  it("labels its input and marks required fields", () => {
    const markup = html(<Field label="Full name" name="fullName" id="name" required />);
    expect(markup).toContain('<label for="name" class="kit-field__label">Full name');
    expect(markup).toMatch(/<input[^>]*id="name"[^>]*name="fullName"[^>]*required=""/);
    expect(markup).toContain('class="kit-field__required" title="required" aria-hidden="true">*</abbr>');
  });

  it("has no error state until there is an error", () => {
    const markup = html(<Field label="Full name" id="name" />);
    expect(markup).not.toContain("aria-invalid");
    expect(attr(markup, "input", "aria-describedby")).toBeUndefined();
    expect(markup).not.toContain("kit-error-list");
  });

  it("wires an error through aria-invalid and aria-describedby to the error list", () => {
    const markup = html(
      <Field label="Full name" id="name" help="As on your card." errors={[VALIDITY_MESSAGES.valueMissing]} />,
    );
    expect(markup).toContain('aria-invalid="true"');
    expect(attr(markup, "input", "aria-describedby")).toBe("name-help name-error");
    expect(markup).toMatch(/<div id="name-error"[^>]*><ul class="kit-error-list"><li[^>]*>Complete this field\.<\/li>/);
    expect(markup).toContain('<div id="name-help" class="kit-field__help">As on your card.</div>');
  });

  it("shows the single highest-priority message", () => {
    const markup = html(
      <Field label="Code" id="code" errors={[VALIDITY_MESSAGES.valueMissing, VALIDITY_MESSAGES.patternMismatch]} />,
    );
    expect(markup).toContain("You have entered an invalid format.");
    expect(markup).not.toContain("Complete this field.");
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
    const markup = html(<Field label="Email" type="email" meta={meta} />);
    expect(markup).toMatch(/<input[^>]*form="f"/);
    expect(markup).toMatch(/<input[^>]*maxLength="80"/);
    expect(markup).toMatch(/<input[^>]*id="f-email"[^>]*name="email"[^>]*type="email"/);
    expect(markup).toContain('value="jo@"');
    expect(attr(markup, "input", "aria-describedby")).toBe("f-email-error");
    expect(markup).toContain("Enter a valid email address, such as john@example.com.");
  });

  it("says 'Limit reached' when the value fills maxLength, and not before", () => {
    expect(html(<Field label="Code" id="c" maxLength={5} defaultValue="abcde" />)).toMatch(
      /<div id="c-limit"[^>]*>Limit reached<\/div>/,
    );
    expect(html(<Field label="Code" id="c" maxLength={5} defaultValue="abcd" />)).not.toContain("Limit reached");
  });

  it("renders number fields as text so k/m/b/t shortcuts can be typed", () => {
    const markup = html(<Field label="Budget" type="number" id="b" />);
    expect(markup).toMatch(/type="text"/);
    expect(markup).toMatch(/inputMode="decimal"/);
  });

  it("refuses to render without a label or with an unknown type", () => {
    expect(() => html(<Field label="" name="x" />)).toThrow(/needs a label/);
    expect(() => html(<Field label="X" type="emial" />)).toThrow(/Unknown input type/);
  });

  it("puts a checkbox before its label", () => {
    const markup = html(<Field label="Gift wrap" type="checkbox" id="gift" />);
    expect(markup.indexOf("<input")).toBeLessThan(markup.indexOf("<label"));
    expect(markup).toContain('type="checkbox"');
  });

  it("renders a labelled select with errors", () => {
    const markup = html(
      <SelectField
        label="Size"
        id="size"
        options={[{ value: "s", label: "Small" }]}
        errors={["Enter a valid value."]}
      />,
    );
    expect(markup).toContain('<label for="size"');
    expect(markup).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="size-error"/);
  });

  it("renders an empty error list as an empty live region", () => {
    expect(html(<ErrorList id="e" errors={[]} />)).toBe(
      '<div id="e" class="kit-field__errors" aria-live="polite"></div>',
    );
  });
});

describe("QuantityInput", () => {
  it("starts at 1 with a numeric keypad and keeps its label", () => {
    const markup = html(<QuantityInput label="Quantity" name="quantity" id="q" />);
    expect(markup).toContain('value="1"');
    expect(markup).toContain('inputMode="numeric"');
    expect(markup).toContain(">Quantity");
  });

  it("requires a label", () => {
    expect(() => html(<QuantityInput label="" name="quantity" />)).toThrow(/needs a label/);
  });
});

describe("Spinner and Button", () => {
  it("renders the text Loading in a status", () => {
    const markup = html(<Spinner />);
    expect(markup).toContain('role="status"');
    expect(markup).toContain(">Loading</span>");
  });

  it("shows a visible custom label when asked", () => {
    expect(html(<Spinner label="Loading order" showLabel />)).toContain('class="kit-spinner__label">Loading order');
  });

  it("shows a busy pending state that refuses clicks but keeps focus (aria-disabled)", () => {
    const markup = html(
      <Button pending pendingLabel="Saving">
        Save
      </Button>,
    );
    expect(markup).toContain('aria-busy="true"');
    expect(markup).toContain('aria-disabled="true"');
    expect(markup).not.toContain(' disabled=""');
    expect(markup).toContain("Saving");
    expect(markup).not.toContain("Save<");
  });

  it("is an enabled submit button when idle", () => {
    const markup = html(<Button>Save</Button>);
    expect(markup).toContain('type="submit"');
    expect(markup).not.toContain("disabled");
    expect(markup).not.toContain("aria-busy");
  });

  it("comes in the spec's five sizes, medium by default", () => {
    expect(BUTTON_SIZES).toEqual(["xx-small", "x-small", "small", "medium", "large"]);
    for (const size of BUTTON_SIZES) expect(html(<Button size={size}>Go</Button>)).toContain(`kit-button--${size}`);
    expect(html(<Button>Go</Button>)).toContain("kit-button--medium");
  });
});

describe("Tooltip", () => {
  it("is a button whose description is the explanation, named for screen readers", () => {
    const markup = html(<Tooltip label="What is the CVV?">Three digits on the back.</Tooltip>);
    const describedBy = attr(markup, "button", "aria-describedby");
    expect(describedBy).toBeTruthy();
    expect(markup).toContain(`id="${describedBy}" role="tooltip"`);
    expect(markup).toMatch(/role="tooltip"[^>]*>Three digits on the back\.</);
    expect(markup).toContain('class="kit-visually-hidden">What is the CVV?<');
    expect(attr(markup, "button", "type")).toBe("button");
  });

  it("renders closed and un-enhanced on the server, so CSS hover and focus show it without JavaScript", () => {
    const markup = html(<Tooltip label="Help">Text</Tooltip>);
    expect(markup).not.toContain("data-open");
    expect(markup).not.toContain("data-enhanced");
  });

  it("carries the spec's sizes and timings", () => {
    expect([TOOLTIP_MIN_WIDTH_PX, TOOLTIP_OFFSET_PX, TOOLTIP_LEAVE_DEBOUNCE_MS, TOOLTIP_LINGER_MS]).toEqual([
      75, 16, 200, 2000,
    ]);
    expect(html(<Tooltip label="Help">Text</Tooltip>)).toContain(
      "--kit-tooltip-min-width:75px;--kit-tooltip-offset:16px",
    );
  });
});

describe("Price", () => {
  it("formats an API money string", () => {
    expect(html(<Price amount="23.00" />)).toContain(">$23.00<");
  });

  it("strikes through an original price", () => {
    const markup = html(<Price amount="20" originalAmount="25.00" />);
    expect(markup).toContain('<s class="kit-price__original">');
    expect(markup).toContain("$25.00");
  });

  it("shows the fallback for a missing amount", () => {
    expect(html(<Price amount="n/a" fallback="No pricing data available" />)).toBe("No pricing data available");
  });
});

describe("Breadcrumbs", () => {
  /** In a router at the site root, or under a base path (the store's BASE_PATH is the router's basename). */
  const html = (element: ReactElement, basename?: string) =>
    renderToString(
      <MemoryRouter basename={basename} initialEntries={[`${basename ?? ""}/`]}>
        {element}
      </MemoryRouter>,
    );
  const trail = [
    { label: "Order History", url: "/OrderSummary" },
    { label: "Order Details", url: "/OrderSummary/1" },
  ];

  it("is a nav named Breadcrumbs with an ordered list and the current page last", () => {
    const markup = html(<Breadcrumbs items={trail} />);
    expect(markup).toContain('<nav aria-label="Breadcrumbs"');
    expect(markup).toContain("<ol");
    expect(markup).toMatch(/<a href="\/" [^>]*>Home<\/a>/);
    expect(markup).toMatch(/href="\/OrderSummary\/1"[^>]*aria-current="page">Order Details/);
    expect(markup.match(/aria-current/g)).toHaveLength(1);
  });

  it("puts store paths under the base path, and leaves absolute URLs as they are", () => {
    const markup = html(
      <Breadcrumbs items={[...trail, { label: "Elsewhere", url: "https://example.com/x" }]} />,
      "/shop",
    );
    expect(markup).toMatch(/<a href="\/shop" [^>]*>Home<\/a>/);
    expect(markup).toContain('href="/shop/OrderSummary/1"');
    expect(markup).toContain('href="https://example.com/x"');
  });

  it("shows at most 5 items plus Home", () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ label: `L${i}`, url: `/${i}` }));
    expect(html(<Breadcrumbs items={many} />).match(/<li/g)).toHaveLength(6);
    expect(html(<Breadcrumbs items={many} showHome={false} />).match(/<li/g)).toHaveLength(5);
  });

  it("hides the divider from assistive technology and can use >", () => {
    const markup = html(<Breadcrumbs items={trail} divider=">" />);
    expect(markup).toContain('aria-hidden="true">&gt;</span>');
    expect(html(<Breadcrumbs items={trail} />)).toContain('aria-hidden="true">/</span>');
  });
});

describe("Toast", () => {
  it("uses role=status for info and success, role=alert for warning and error", () => {
    expect(html(<Toast toast={{ variant: "success", mode: "sticky", message: "Saved." }} />)).toContain(
      'role="status"',
    );
    expect(html(<Toast toast={{ variant: "error", mode: "sticky", message: "Failed." }} />)).toContain('role="alert"');
  });

  it("renders title and message without a close button before JavaScript runs", () => {
    const markup = html(
      <Toast
        toast={{ variant: "warning", mode: "dismissible", title: "Careful", message: "Low stock." }}
        onClose={() => {}}
      />,
    );
    expect(markup).toContain("Careful");
    expect(markup).toContain("Low stock.");
    expect(markup).toContain("kit-toast--warning");
    expect(markup).not.toContain("Close");
  });

  it("renders every toast of a region inside a named landmark", () => {
    const markup = html(
      <ToastRegion
        toasts={[
          { id: "a", variant: "info", mode: "pester", message: "One" },
          { id: "b", variant: "error", mode: "sticky", message: "Two" },
        ]}
      />,
    );
    expect(markup).toContain('<section aria-label="Notifications"');
    expect(markup.match(/class="kit-toast /g)).toHaveLength(2);
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
    const markup = html(
      <Section
        aria-label="Promo"
        gutter={24}
        minHeight="10rem"
        direction={{ desktop: "row", tablet: "column" }}
        verticalAlign="center"
      >
        <Column width={4}>A</Column>
      </Section>,
    );
    expect(markup).toContain("--kit-section-max-width:1440px");
    expect(markup).toContain("--kit-section-gutter:24px");
    expect(markup).toContain("--kit-section-min-height:10rem");
    expect(markup).toContain("kit-section--desktop-row kit-section--tablet-column kit-section--mobile-column");
    expect(markup).toContain("kit-section--align-center");
    expect(markup).toContain("--kit-column-span:4");
  });

  it("renders a background image per breakpoint with alt text under an overlay", () => {
    const markup = html(
      <Section
        background={{ desktop: "/d.jpg", tablet: "/t.jpg", mobile: "/m.jpg", alt: "Hero" }}
        overlayColor="rgba(0,0,0,0.5)"
      >
        <Column>x</Column>
      </Section>,
    );
    expect(markup).toContain('<source media="(max-width: 47.9375em)" srcSet="/m.jpg"/>');
    expect(markup).toContain('<source media="(min-width: 48em) and (max-width: 64em)" srcSet="/t.jpg"/>');
    expect(markup).toMatch(/<img[^>]*src="\/d.jpg"[^>]*alt="Hero"/);
    expect(markup).toContain("kit-section__overlay");
  });

  it("renders no background when there is none", () => {
    expect(html(<Section>x</Section>)).not.toContain("kit-section__background");
  });
});

describe("AddressForm", () => {
  it("orders given name first and says State for the US", () => {
    const markup = html(<AddressForm countries={["US", "JP"]} defaultValue={{ country: "US" }} />);
    expect(labelsInOrder(markup)).toEqual([
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
    const labels = labelsInOrder(html(<AddressForm countries={["US", "JP"]} defaultValue={{ country: "JP" }} />));
    expect(labels.slice(0, 2)).toEqual(["Last Name", "First Name"]);
    expect(labels).toContain("Region");
    expect(labels).not.toContain("State");
  });

  it("prefixes names so two forms fit in one page, the phone as shipToPhoneNumber", () => {
    const markup = html(
      <>
        <AddressForm countries={["US"]} prefix="shipping" />
        <AddressForm countries={["US"]} prefix="billing" />
      </>,
    );
    expect(markup).toContain('name="shipping.firstName"');
    expect(markup).toContain('name="billing.firstName"');
    expect(markup).toContain('name="shipping.shipToPhoneNumber"');
    expect(markup).toContain('id="billing-city"');
  });

  it("offers the countries of the prop, selecting the default", () => {
    const markup = html(<AddressForm countries={["US", "CA"]} defaultValue={{ country: "CA" }} />);
    expect(markup).toContain('<option value="US">United States</option>');
    expect(markup).toContain('<option value="CA" selected="">Canada</option>');
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
    const markup = html(<AddressForm countries={["US"]} meta={meta} />);
    expect(markup).toContain('name="shipping.city"');
    expect(markup).toMatch(/id="f-city"[^>]*aria-invalid="true"/);
  });
});

describe("pickers without JavaScript", () => {
  it("renders the date picker as a native date input with its range hint", () => {
    const markup = html(<DatePicker label="Delivery date" name="when" id="when" min="2025-03-01" max="2025-03-31" />);
    expect(markup).toMatch(/<input[^>]*type="date"/);
    expect(markup).toContain('min="2025-03-01"');
    expect(markup).toContain('placeholder="M/d/yyyy"');
    expect(markup).toContain("Select a date from Mar 1, 2025 through Mar 31, 2025");
    expect(markup).not.toContain("Choose date");
  });

  it("lays out the calendar in Monday-first weeks", () => {
    const weeks = calendarWeeks("2025-03-15");
    expect(weeks[0][0]).toBe("2025-02-24");
    expect(weeks[0][5]).toBe("2025-03-01");
    expect(weeks.at(-1)?.at(-1)).toBe("2025-04-06");
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("renders the colour picker as a hex text input with the default colour", () => {
    const markup = html(<ColourPicker label="Brand colour" name="colour" id="colour" />);
    expect(markup).toMatch(/<input[^>]*type="text"/);
    expect(markup).toContain('value="#5679C0"');
    expect(markup).toContain('maxLength="7"');
    expect(markup).toContain("background-color:#5679C0");
  });

  it("previews an invalid colour as black", () => {
    expect(html(<ColourPicker label="Brand colour" name="colour" defaultValue="#12" />)).toContain(
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
    const markup = html(<CookieConsentBanner enabled action="/consent" redirectTo="/cart" />);
    expect(markup).toContain('<form method="post" action="/consent"');
    expect(markup).toContain('name="redirectTo" value="/cart"');
    expect(markup).toMatch(/name="intent" value="accept"/);
    expect(markup).toMatch(/name="intent" value="decline"/);
  });

  it("hides when consent is off or already chosen", () => {
    expect(html(<CookieConsentBanner enabled={false} action="/consent" />)).toBe("");
    expect(html(<CookieConsentBanner enabled consent="accept" action="/consent" />)).toBe("");
  });
});
