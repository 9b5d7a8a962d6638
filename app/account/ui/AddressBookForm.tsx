/**
 * The address book's form, for a new address and for an edit: the checkout's AddressForm (same fields, labels and
 * schema) plus the saved address's name, type and default flag. A plain POST form: without JavaScript the server
 * checks it and, when it refuses, renders it again with every message and what the shopper typed; with
 * JavaScript the same schema checks each field as the shopper leaves it.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { AddressForm } from "~/components/AddressForm";
import { ErrorSummary } from "~/components/Problems";
import { Field } from "~/components/Field";
import { SelectField } from "~/components/SelectField";
import { useZodForm, type FormConstraint } from "~/components/useZodForm";
import { addressLabels } from "~/lib/address/address";
import { ADDRESS_BOOK_PATH, ADDRESS_NAME_MAX, ADDRESS_TYPES } from "~/account/model/address-book";

const loadSchema = () => import("~/account/forms/address-book-schema");

export const ADDRESS_BOOK_LABELS = {
  name: "Address Name",
  addressType: "Address Type",
  isDefault: "Make this my default address of its type",
} as const;

export function AddressBookForm({
  id,
  options,
  constraint,
  defaultValue,
  lastResult,
  submitLabel,
}: {
  id: string;
  options: { countries: string[]; skipPhoneNumberValidation: boolean };
  /** The form's constraints, from the loader (the schema itself loads when the form is used). */
  constraint: FormConstraint;
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const [form, fields] = useZodForm(
    { constraint, load: loadSchema, select: (module) => module.createAddressBookSchema(options) },
    { id, lastResult, defaultValue },
  );
  const saving = useIsPending({ intent: "save", state: "submitting" });
  const country =
    typeof fields.address.getFieldset().country.initialValue === "string"
      ? String(fields.address.getFieldset().country.initialValue)
      : options.countries[0];
  const labelOf = (name: string): string | undefined => {
    if (name in ADDRESS_BOOK_LABELS) return ADDRESS_BOOK_LABELS[name as keyof typeof ADDRESS_BOOK_LABELS];
    const match = /^address\.(\w+)$/.exec(name);
    return match ? (addressLabels(country) as Record<string, string>)[match[1]] : undefined;
  };

  return (
    <Form method="post" {...getFormProps(form)} className="account-address-form">
      <ErrorSummary
        formId={form.id}
        formErrors={form.errors}
        fieldErrors={form.allErrors}
        labelOf={labelOf}
        focusKey={lastResult}
      />
      <Field
        label={ADDRESS_BOOK_LABELS.name}
        meta={fields.name}
        maxLength={ADDRESS_NAME_MAX}
        help="For example Home or Warehouse. Left empty, the address takes the person's name."
      />
      <SelectField
        label={ADDRESS_BOOK_LABELS.addressType}
        meta={fields.addressType}
        options={ADDRESS_TYPES.map((type) => ({ value: type, label: type }))}
        required
      />
      <Field
        type="checkbox"
        value="on"
        label={ADDRESS_BOOK_LABELS.isDefault}
        meta={fields.isDefault}
        help="Checkout offers your default shipping address first. The account has one default of each type."
      />
      <AddressForm meta={fields.address} countries={options.countries} legend="Address" />
      <div className="account-address-form__actions">
        <Button name="intent" value="save" size="large" pending={saving} pendingLabel="Saving…">
          {submitLabel}
        </Button>
        <Link to={ADDRESS_BOOK_PATH}>Cancel</Link>
      </div>
    </Form>
  );
}
