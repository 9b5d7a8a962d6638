import { Field, type FieldMeta } from "~/components/Field";
import { SelectField } from "~/components/SelectField";
import { Tooltip } from "~/components/Tooltip";
import { EXPIRY_MONTHS } from "~/checkout/model/payment";

/** The card's fields; the card number and security code are never filled in again (`secretKey` empties them). */
export function CardFields({
  fields,
  gatewayErrors,
  secretKey,
  years,
}: {
  fields: Record<"cardholderName" | "cardNumber" | "expiryMonth" | "expiryYear" | "cvv", FieldMeta>;
  /** The client-side gateway's refusals, by field. */
  gatewayErrors: Record<string, string[]>;
  secretKey: number;
  years: readonly string[];
}) {
  return (
    <fieldset className="checkout-fieldset checkout-card">
      <legend className="checkout-fieldset__legend">Card details</legend>
      <Field
        label="Cardholder name"
        meta={fields.cardholderName}
        errors={gatewayErrors.cardholderName}
        autoComplete="cc-name"
        maxLength={255}
        required
      />
      <Field
        key={`card-number-${secretKey}`}
        label="Card number"
        meta={fields.cardNumber}
        errors={gatewayErrors.cardNumber}
        defaultValue=""
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        limitNotice={false}
        required
      />
      <div className="checkout-card__row">
        <SelectField
          label="Expiry month"
          meta={fields.expiryMonth}
          errors={gatewayErrors.expiryMonth}
          options={EXPIRY_MONTHS.map((m) => ({ value: m, label: m }))}
          placeholder="MM"
          autoComplete="cc-exp-month"
          required
        />
        <SelectField
          label="Expiry year"
          meta={fields.expiryYear}
          errors={gatewayErrors.expiryYear}
          options={years.map((y) => ({ value: y, label: y }))}
          placeholder="YYYY"
          autoComplete="cc-exp-year"
          required
        />
        <Field
          key={`cvv-${secretKey}`}
          label="CVV"
          meta={fields.cvv}
          errors={gatewayErrors.cvv}
          defaultValue=""
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          limitNotice={false}
          className="checkout-card__cvv"
          required
        />
        <span className="checkout-card__help">
          <Tooltip label="What is the CVV?">
            The 3 digits on the back of your card; 4 on the front for American Express.
          </Tooltip>
        </span>
      </div>
    </fieldset>
  );
}
