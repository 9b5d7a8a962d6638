// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { render, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AddressForm } from "../../app/components/AddressForm";
import { cleanUpAfterEach, labelsInOrder } from "./components-helpers";

// AddressForm: its fields' order and labels per country, prefixes, countries and Conform metadata.

cleanUpAfterEach();

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
