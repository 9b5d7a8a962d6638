/**
 * What a buyer may do to one active subscription: change the quantity, renew a plan's term, cancel. Each is a
 * disclosure (`<details>`, no JavaScript needed) that says what the action will do, holding the form that confirms
 * it: opening it is the first step, its button the confirmation. A refused quantity comes back in the kit's words
 * under the field, its disclosure open.
 */
import { Form } from "@remix-run/react";
import { Button, useIsPending } from "~/components/Button";
import { Field } from "~/components/Field";
import { useStoreLocale } from "~/components/StoreLocale";
import { formatDate } from "~/lib/format/formats";
import {
  SUBSCRIPTION_INTENTS,
  type SubscriptionFormFailure,
  type SubscriptionRow,
} from "~/account/model/subscriptions";

export function SubscriptionActions({
  row,
  canRenewAndAmend,
  quantityRange,
  failure,
}: {
  row: SubscriptionRow;
  canRenewAndAmend: boolean;
  /** The API's quantity limits (the server's, passed down: the browser's code reaches no server module). */
  quantityRange: { min: number; max: number };
  /** The refused form of this subscription, when the last submission was one. */
  failure: SubscriptionFormFailure | null;
}) {
  const locale = useStoreLocale();
  const date = (value: string | null) => (value ? formatDate(value, "medium", { locale }) : "");
  const changing = useIsPending({ intent: SUBSCRIPTION_INTENTS.quantity, formAction: "/account" });
  const renewing = useIsPending({ intent: SUBSCRIPTION_INTENTS.renew, formAction: "/account" });
  const cancelling = useIsPending({ intent: SUBSCRIPTION_INTENTS.cancel, formAction: "/account" });
  // Once cancelled, the subscription only runs out: nothing else may change (the actions refuse it).
  if (row.cancellationDate) return null;
  const idField = <input type="hidden" name="subscriptionId" value={row.id} />;
  const quantityFailure = failure?.intent === SUBSCRIPTION_INTENTS.quantity ? failure : null;
  return (
    <div className="store-subscription-actions">
      {canRenewAndAmend && row.quantity ? (
        <details open={quantityFailure ? true : undefined}>
          <summary>Change quantity</summary>
          <Form method="post" action="/account" className="store-inline-form">
            {idField}
            <p>
              You have {row.quantity}. More start today; fewer start on your next billing date
              {row.nextBillingDate ? `, ${date(row.nextBillingDate)}` : ""}.
            </p>
            <Field
              label="New quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={quantityRange.min}
              max={quantityRange.max}
              step={1}
              required
              id={`subscription-quantity-${row.id}`}
              defaultValue={quantityFailure?.quantity ?? String(row.quantity)}
              errors={quantityFailure?.errors.quantity}
            />
            <Button name="intent" value={SUBSCRIPTION_INTENTS.quantity} pending={changing} pendingLabel="Changing…">
              Confirm new quantity
            </Button>
          </Form>
        </details>
      ) : null}
      {canRenewAndAmend && row.termDefined && row.endDate && !row.renewed ? (
        <details>
          <summary>Renew</summary>
          <Form method="post" action="/account" className="store-inline-form">
            {idField}
            <p>
              Your plan ends on {date(row.endDate)}. Renewing adds one more term ({row.term}) after that day; you can
              renew once a term.
            </p>
            <Button name="intent" value={SUBSCRIPTION_INTENTS.renew} pending={renewing} pendingLabel="Renewing…">
              Confirm renewal
            </Button>
          </Form>
        </details>
      ) : null}
      <details>
        <summary>Cancel subscription</summary>
        <Form method="post" action="/account" className="store-inline-form">
          {idField}
          <p>
            It stops at your next billing date{row.nextBillingDate ? `, ${date(row.nextBillingDate)}` : ""}: you keep it
            until then and aren&apos;t billed again.
          </p>
          <Button
            name="intent"
            value={SUBSCRIPTION_INTENTS.cancel}
            variant="destructive"
            pending={cancelling}
            pendingLabel="Cancelling…"
          >
            Confirm cancellation
          </Button>
        </Form>
      </details>
    </div>
  );
}
