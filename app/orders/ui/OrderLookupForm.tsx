/**
 * The order-lookup form (spec §3 "Lookup form", §4, §5): order number, and for guests the e-mail address.
 *
 * Idle → (submit) Loading: inputs and button disabled, the button says 'Loading' → success: the browser loads
 * the order summary as a new document; failure: the error toast, idle again with the typed values. Messages
 * appear after a field's first blur or a submit; values are trimmed on blur; nothing is sent while a field is
 * empty or invalid. Without JavaScript the server applies the same schema and answers with the same messages.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { useZodForm, type FormConstraint } from "~/components/useZodForm";
import { ORDER_LOOKUP_LABELS, ORDER_LOOKUP_WRAPPER_MAX_WIDTH } from "~/orders/model";
import { EMAIL_MAX_LENGTH } from "~/lib/validation/validity";

export type OrderLookupFormProps = {
  isGuest: boolean;
  /** Prefilled order number (the page reference's `orderNumber`). */
  orderNumber?: string;
  /** The form's constraints, from the loader (the schema itself loads when the form is used). */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
};

const loadSchema = () => import("~/orders/forms/lookup-schema");

export function OrderLookupForm({ isGuest, orderNumber, constraint, lastResult }: OrderLookupFormProps) {
  const [form, fields] = useZodForm(
    { constraint, load: loadSchema, select: (module) => module.orderLookupSchema({ isGuest }) },
    { id: "order-lookup", lastResult, defaultValue: { orderNumber: orderNumber ?? "" } },
  );
  const pending = useIsPending();

  return (
    <div className="orders-lookup" style={{ maxWidth: ORDER_LOOKUP_WRAPPER_MAX_WIDTH }}>
      <Form method="post" {...getFormProps(form)} className="orders-lookup__form" aria-busy={pending || undefined}>
        <fieldset className="orders-lookup__fields" disabled={pending}>
          <legend className="kit-visually-hidden">Find your order</legend>
          <Field label={ORDER_LOOKUP_LABELS.orderNumber} meta={fields.orderNumber} autoComplete="off" />
          {isGuest ? (
            <Field
              label={ORDER_LOOKUP_LABELS.email}
              type="email"
              meta={fields.email}
              maxLength={EMAIL_MAX_LENGTH}
              autoComplete="email"
            />
          ) : null}
          <Button
            pending={pending}
            pendingLabel={ORDER_LOOKUP_LABELS.loading}
            size="large"
            className="orders-lookup__submit"
          >
            {ORDER_LOOKUP_LABELS.submit}
          </Button>
        </fieldset>
      </Form>
    </div>
  );
}
