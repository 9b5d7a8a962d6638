/**
 * The gallery's form kit parts (routes/gallery.tsx): its section frame, the demo form checked on the server too, and
 * the fields, validation messages and pickers in each of their states.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import type { ReactNode } from "react";
import { ColourPicker } from "~/components/ColourPicker";
import type { ConsentIntent } from "~/components/CookieConsent";
import { DatePicker } from "~/components/DatePicker";
import { ErrorList, Field } from "~/components/Field";
import { QuantityInput } from "~/components/QuantityInput";
import { Column, Section } from "~/components/Section";
import { SelectField } from "~/components/SelectField";
import { Toast } from "~/components/Toast";
import { useZodForm, type FormConstraint } from "~/components/useZodForm";
import { formatDate } from "~/lib/format/formats";
import { COLOUR_PICKER_MESSAGE } from "~/lib/validation/colours";
import { DATE_INPUT_FORMAT, DATE_PICKER_MESSAGES } from "~/lib/validation/dates";
import { formatMessage, VALIDITY_FLAGS, VALIDITY_MESSAGES } from "~/lib/validation/validity";

const loadDemoSchema = () => import("./demo-schema");

export type GalleryActionData =
  { form: "demo"; result: SubmissionResult<string[]>; greeting?: string } | { form: "consent"; consent: ConsentIntent };

export function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Section aria-labelledby={id} className="kit-gallery__section">
      <Column>
        <h2 id={id}>{title}</h2>
      </Column>
      {children}
    </Section>
  );
}

export function DemoForm({
  actionData,
  constraint,
}: {
  actionData: GalleryActionData | undefined;
  /** The demo form's constraints, from the loader (the schema itself loads when the form is used). */
  constraint: FormConstraint;
}) {
  const demo = actionData?.form === "demo" ? actionData : undefined;
  const [form, fields] = useZodForm(
    { constraint, load: loadDemoSchema, select: (module) => module.demoSchema },
    { id: "gallery-demo", lastResult: demo?.result },
  );
  const pending = useIsPending({ intent: "demo", state: "submitting" });
  return (
    <>
      {demo?.greeting ? (
        <Toast toast={{ variant: "success", mode: "sticky", title: "Sent", message: demo.greeting }} />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="kit-gallery__form">
        <Field label="Full name" meta={fields.fullName} autoComplete="name" help="As it should appear on an order." />
        <Field label="Email" type="email" meta={fields.email} autoComplete="email" />
        <Button name="intent" value="demo" pending={pending} pendingLabel="Sending">
          Send
        </Button>
      </Form>
    </>
  );
}

// Labels avoid the words of the demo form's labels so its fields stay unique to find by label.
const FLAG_LABELS: Record<(typeof VALIDITY_FLAGS)[number], string> = {
  customError: "Coupon code (custom error)",
  badInput: "Any value (bad input)",
  badNumericInput: "Budget (bad numeric input)",
  badEmailInput: "Contact address (bad address)",
  patternMismatch: "Postal code (pattern mismatch)",
  rangeOverflow: "Seats (range overflow)",
  rangeUnderflow: "Seats (range underflow)",
  stepMismatch: "Pack size (step mismatch)",
  tooLong: "Nickname (too long)",
  tooShort: "Nickname (too short)",
  typeMismatch: "Website (type mismatch)",
  valueMissing: "Company (value missing)",
  selectAtleastOneValue: "Delivery days (select at least one)",
};

const FLAG_EXAMPLES = VALIDITY_FLAGS.map((flag) => ({
  flag,
  label: FLAG_LABELS[flag],
  message: flag === "customError" ? "This coupon code has expired." : VALIDITY_MESSAGES[flag],
}));

/** The fields, every validation message, and the date and colour pickers. */
export function FormSections() {
  return (
    <>
      <GallerySection id="gallery-fields" title="Fields">
        <Column width={4}>
          <Field label="Empty required field" required />
          <Field label="Valid field" defaultValue="Jane Doe" />
          <Field label="Field with help" help="Up to 40 characters." maxLength={40} />
          <Field label="Disabled field" defaultValue="Cannot change" disabled />
        </Column>
        <Column width={4}>
          <Field label="Field at its limit" maxLength={10} defaultValue="ABCDEFGHIJ" />
          <Field label="Amount (k, m, b, t shortcuts)" type="number" defaultValue="1.5k" help="1.5k means 1500." />
          <Field label="Delivery time" type="datetime" defaultValue="2025-03-01T09:30" />
          <SelectField
            label="Size"
            options={[
              { value: "s", label: "Small" },
              { value: "m", label: "Medium" },
              { value: "l", label: "Large" },
            ]}
            defaultValue="m"
          />
          <Field label="Gift wrap" type="checkbox" />
        </Column>
        <Column width={4}>
          <QuantityInput label="Quantity" />
          <QuantityInput label="Quantity (too low)" defaultValue={0} errors={[VALIDITY_MESSAGES.rangeUnderflow]} />
          <QuantityInput
            label="Quantity (too high)"
            defaultValue={200000000}
            errors={[VALIDITY_MESSAGES.rangeOverflow]}
          />
          <QuantityInput label="Quantity (not whole)" defaultValue={1.5} errors={[VALIDITY_MESSAGES.stepMismatch]} />
          <QuantityInput label="Quantity (disabled)" disabled />
        </Column>
      </GallerySection>

      <GallerySection id="gallery-messages" title="Every validation message">
        {FLAG_EXAMPLES.map(({ flag, label, message }) =>
          flag === "selectAtleastOneValue" ? (
            <Column width={4} key={flag}>
              <fieldset className="kit-gallery__group" aria-describedby="gallery-choices-error">
                <legend>{label}</legend>
                <Field label="Monday" type="checkbox" name="days" value="mon" />
                <Field label="Friday" type="checkbox" name="days" value="fri" />
                <ErrorList id="gallery-choices-error" errors={[message]} />
              </fieldset>
            </Column>
          ) : (
            <Column width={4} key={flag}>
              <Field
                label={label}
                type="text"
                defaultValue={flag === "valueMissing" ? "" : "abc"}
                required={flag === "valueMissing"}
                errors={[message]}
              />
            </Column>
          ),
        )}
        <Column width={4}>
          <Field
            label="Several failures (priority picks one)"
            defaultValue="x"
            errors={[VALIDITY_MESSAGES.valueMissing, VALIDITY_MESSAGES.tooShort, VALIDITY_MESSAGES.patternMismatch]}
            help="Three rules fail; the highest-priority message is shown."
          />
        </Column>
      </GallerySection>

      <GallerySection id="gallery-pickers" title="Date and colour pickers">
        <Column width={4}>
          <DatePicker label="Delivery date" />
          <DatePicker label="Delivery date in March" min="2025-03-01" max="2025-03-31" defaultValue="2025-03-15" />
          <DatePicker label="Start date (no earlier bound)" max="2025-12-31" />
          <DatePicker label="End date (no later bound)" min="2025-01-01" />
          <DatePicker label="Delivery date (disabled)" defaultValue="2025-03-15" disabled />
        </Column>
        <Column width={4}>
          <DatePicker
            label="Date in the wrong format"
            defaultValue=""
            errors={[formatMessage(DATE_PICKER_MESSAGES.format, DATE_INPUT_FORMAT)]}
          />
          <DatePicker
            label="Date too early"
            min="2025-03-01"
            defaultValue="2025-02-01"
            errors={[formatMessage(DATE_PICKER_MESSAGES.min, formatDate("2025-03-01", "medium"))]}
          />
          <DatePicker
            label="Date too late"
            max="2025-03-31"
            defaultValue="2025-04-02"
            errors={[formatMessage(DATE_PICKER_MESSAGES.max, formatDate("2025-03-31", "medium"))]}
          />
        </Column>
        <Column width={4}>
          <ColourPicker label="Brand colour" />
          <ColourPicker label="Colour with a bad value" defaultValue="#12" errors={[COLOUR_PICKER_MESSAGE]} />
          <ColourPicker label="Colour (disabled)" defaultValue="#1F6F3B" disabled />
        </Column>
      </GallerySection>
    </>
  );
}
