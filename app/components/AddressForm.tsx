/**
 * The address fields of a form (not the <form> itself, so a page can host shipping and billing
 * addresses in one form). Field order and labels follow the country (lib/address/address): family name
 * first for CN, HU, JP, KR, MO, MY, SG, TW, VN; 'Region' instead of 'State' for JP, CN, TW, TH, VN,
 * MY, KR. With JavaScript the order follows the country select as it changes; without, it follows
 * the country the page was rendered with.
 *
 * Names are nested under a prefix ("shipping.firstName") either from Conform (`meta` =
 * fields.shipping, with the page schema `z.object({ shipping: addressSchema, … })`) or from the
 * plain `prefix` prop; parseWithZod reads both as a nested object.
 */
import { useState } from "react";
import {
  ADDRESS_AUTOCOMPLETE,
  ADDRESS_MAX_LENGTHS,
  addressFieldName,
  addressFieldOrder,
  addressLabels,
  normaliseCountries,
  type AddressField,
  type CountryOption,
} from "~/lib/address/address";
import { Field, type FieldMeta } from "./Field";
import { SelectField } from "./SelectField";

/** Conform's field metadata of an address object (fields.shipping), or any object with getFieldset. */
export type AddressFieldsetMeta = FieldMeta & {
  getFieldset: () => Partial<Record<AddressField, FieldMeta>>;
};

export type AddressFormProps = {
  /** The application context's shippingCountries (codes, or objects with a code and label). */
  countries: readonly CountryOption[];
  meta?: AddressFieldsetMeta;
  /** Name prefix without Conform, e.g. "billing" → billing.firstName. */
  prefix?: string;
  defaultValue?: Partial<Record<AddressField, string>>;
  errors?: Partial<Record<AddressField, readonly string[]>>;
  legend?: string;
  hideLegend?: boolean;
  disabled?: boolean;
  /** Autofill section ("shipping" / "billing") so the browser fills the right address. */
  autoCompleteSection?: "shipping" | "billing";
  /** Which fields are required (default: the address schema's required fields). */
  requiredFields?: readonly AddressField[];
  className?: string;
};

const DEFAULT_REQUIRED: readonly AddressField[] = ["firstName", "lastName", "street", "city", "postalCode", "country"];

export function AddressForm({
  countries,
  meta,
  prefix,
  defaultValue,
  errors,
  legend = "Address",
  hideLegend,
  disabled,
  autoCompleteSection,
  requiredFields = DEFAULT_REQUIRED,
  className,
}: AddressFormProps) {
  const options = normaliseCountries(countries);
  const fieldset = meta?.getFieldset();
  const initialOf = (field: AddressField): string | undefined => {
    const fromMeta = fieldset?.[field]?.initialValue;
    return defaultValue?.[field] ?? (typeof fromMeta === "string" ? fromMeta : undefined);
  };
  const [country, setCountry] = useState(() => (initialOf("country") ?? options[0]?.code ?? "").toUpperCase());
  const labels = addressLabels(country);
  const order = addressFieldOrder(country);
  const namePrefix = meta?.name ?? prefix;

  // Each field's props are written out in one literal, not spread from a shared object with more added: on Node 20,
  // `<Field {...common} key={field} type=… />` left about 2 KB per field in V8's old generation on every render (the
  // sampling heap profiler counting what mark-compacts collected: the shipping step's address form 19 KB a view, 2 KB
  // written out), and the mark-compacts that garbage brings on are the step's slowest answers (docs/performance.md,
  // "What a spread leaves behind").
  const renderField = (field: AddressField) => {
    const fieldMeta = fieldset?.[field];
    const label = labels[field];
    const name = fieldMeta ? undefined : addressFieldName(namePrefix, field);
    const id = fieldMeta ? undefined : `${namePrefix ? `${namePrefix}-` : ""}${field}`;
    const fieldErrors = errors?.[field];
    const required = fieldMeta?.required ?? requiredFields.includes(field);
    const autoComplete = [autoCompleteSection, ADDRESS_AUTOCOMPLETE[field]].filter(Boolean).join(" ");
    if (field === "country") {
      return (
        <SelectField
          key={field}
          label={label}
          meta={fieldMeta}
          name={name}
          id={id}
          errors={fieldErrors}
          required={required}
          disabled={disabled}
          autoComplete={autoComplete}
          options={options.map((option) => ({ value: option.code, label: option.label }))}
          defaultValue={country || undefined}
          placeholder={options.length === 0 ? "No countries available" : undefined}
          onChange={(event) => setCountry(event.currentTarget.value.toUpperCase())}
          className="kit-address__country"
        />
      );
    }
    return (
      <Field
        key={field}
        label={label}
        meta={fieldMeta}
        name={name}
        id={id}
        errors={fieldErrors}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        type={field === "shipToPhoneNumber" ? "tel" : "text"}
        maxLength={fieldMeta?.maxLength ?? ADDRESS_MAX_LENGTHS[field]}
        // Field falls back to the Conform field's initial value itself (read once there: each read costs).
        defaultValue={defaultValue?.[field]}
        className={`kit-address__${field}`}
      />
    );
  };

  return (
    <fieldset
      className={["kit-address", className].filter(Boolean).join(" ")}
      disabled={disabled}
      data-country={country || undefined}
    >
      <legend className={hideLegend ? "kit-visually-hidden" : "kit-address__legend"}>{legend}</legend>
      <div className="kit-address__fields">{order.map(renderField)}</div>
    </fieldset>
  );
}
