// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
// Remix's router underneath (its <Link> and useHref are React Router's): links render as they do in the store.
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Breadcrumbs } from "../../app/components/Breadcrumbs";
import { Price } from "../../app/components/Price";
import { BREAKPOINTS, Column, columnPortion, Section } from "../../app/components/Section";
import { cleanUpAfterEach, renderServerMarkup } from "./components-helpers";

// Display and layout: Price, Breadcrumbs, Section and Column.

cleanUpAfterEach();

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
   * store's router flags (Remix's browser router sets the first, vite.config.ts's v3_relativeSplatPath the second).
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
