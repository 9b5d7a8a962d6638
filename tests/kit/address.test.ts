import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addressFieldName,
  addressFieldOrder,
  FAMILY_NAME_FIRST_COUNTRIES,
  isFamilyNameFirst,
  normaliseCountries,
  regionLabel,
  REGION_LABEL_COUNTRIES,
} from "../../app/lib/address/address";
import { addressSchema, createAddressSchema } from "../../app/lib/address/address-schema";

const valid = {
  firstName: "Jane",
  lastName: "Doe",
  street: "1 Main St",
  city: "Springfield",
  postalCode: "12345",
  country: "us",
};

describe("address field order", () => {
  it.each(["CN", "HU", "JP", "KR", "MO", "MY", "SG", "TW", "VN"])("puts the family name first for %s", (country) => {
    expect(isFamilyNameFirst(country)).toBe(true);
    expect(addressFieldOrder(country).slice(0, 2)).toEqual(["lastName", "firstName"]);
  });

  it.each(["US", "DE", "TH", "", null])("puts the given name first for %j", (country) => {
    expect(isFamilyNameFirst(country)).toBe(false);
    expect(addressFieldOrder(country).slice(0, 2)).toEqual(["firstName", "lastName"]);
  });

  it("lists every field once, the phone as shipToPhoneNumber", () => {
    expect(addressFieldOrder("JP")).toEqual([
      "lastName",
      "firstName",
      "companyName",
      "street",
      "city",
      "region",
      "postalCode",
      "country",
      "shipToPhoneNumber",
    ]);
    expect(FAMILY_NAME_FIRST_COUNTRIES).toHaveLength(9);
  });

  it("reads lower-case codes", () => {
    expect(isFamilyNameFirst("jp")).toBe(true);
  });
});

describe("region label", () => {
  it.each(["JP", "CN", "TW", "TH", "VN", "MY", "KR"])("says Region for %s", (country) => {
    expect(regionLabel(country)).toBe("Region");
  });

  it.each(["US", "CA", "HU", "SG", undefined])("says State for %j", (country) => {
    expect(regionLabel(country)).toBe("State");
  });

  it("has the spec's seven Region countries", () => {
    expect(REGION_LABEL_COUNTRIES).toHaveLength(7);
  });
});

describe("address schema", () => {
  it("accepts a complete address and upper-cases the country", () => {
    expect(addressSchema.parse(valid)).toMatchObject({ country: "US", firstName: "Jane" });
  });

  it("reports every missing required field with 'Complete this field.'", () => {
    const result = addressSchema.safeParse({});
    expect(result.success).toBe(false);
    const errors = result.success ? {} : result.error.flatten().fieldErrors;
    for (const field of ["firstName", "lastName", "street", "city", "postalCode", "country"]) {
      expect(errors[field as keyof typeof errors]).toEqual(["Complete this field."]);
    }
    expect(errors.companyName).toBeUndefined();
    expect(errors.region).toBeUndefined();
  });

  it("checks the phone unless the context skips phone validation", () => {
    expect(addressSchema.safeParse({ ...valid, shipToPhoneNumber: "not a phone" }).success).toBe(false);
    expect(addressSchema.safeParse({ ...valid, shipToPhoneNumber: "+1 415 555 0123" }).success).toBe(true);
    const lenient = createAddressSchema({ skipPhoneNumberValidation: true });
    expect(lenient.safeParse({ ...valid, shipToPhoneNumber: "not a phone" }).success).toBe(true);
  });

  it("requires the phone when asked", () => {
    const schema = createAddressSchema({ requirePhone: true });
    expect(schema.safeParse(valid).success).toBe(false);
    expect(schema.safeParse({ ...valid, shipToPhoneNumber: "4155550123" }).success).toBe(true);
  });

  it("accepts only the store's shipping countries", () => {
    const schema = createAddressSchema({ countries: ["US", "CA"] });
    expect(schema.safeParse({ ...valid, country: "CA" }).success).toBe(true);
    const refused = schema.safeParse({ ...valid, country: "FR" });
    expect(refused.success ? [] : refused.error.flatten().fieldErrors.country).toEqual(["Enter a valid value."]);
  });

  it("limits field lengths", () => {
    const result = addressSchema.safeParse({ ...valid, city: "x".repeat(41) });
    expect(result.success ? [] : result.error.flatten().fieldErrors.city).toEqual(["Your entry is too long."]);
  });

  it("parses two prefixed address forms in one submission", () => {
    const formData = new FormData();
    for (const [key, value] of Object.entries(valid)) {
      formData.set(addressFieldName("shipping", key as never), value);
      formData.set(addressFieldName("billing", key as never), value);
    }
    formData.set("billing.city", "");
    const schema = z.object({ shipping: addressSchema, billing: addressSchema });
    const submission = parseWithZod(formData, { schema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ "billing.city": ["Complete this field."] });
    expect(addressFieldName(undefined, "city")).toBe("city");
  });
});

describe("country options", () => {
  it("turns codes and objects into options with English names", () => {
    expect(normaliseCountries(["us", { isoCode: "JP" }, { code: "CA", label: "Kanada" }])).toEqual([
      { code: "US", label: "United States" },
      { code: "JP", label: "Japan" },
      { code: "CA", label: "Kanada" },
    ]);
    expect(normaliseCountries([{ label: "No code" }, ""])).toEqual([]);
    expect(normaliseCountries(undefined)).toEqual([]);
  });
});
