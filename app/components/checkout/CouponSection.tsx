import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { Button } from "../Button";
import { Field } from "../Field";
import { REMOVE_COUPON, SECRET_FIELDS } from "../../lib/checkout/payment";
import { COUPON_CODE_MAX_LENGTH } from "../../../server/webstore/limits";

/**
 * The coupon field and buttons belong to the payment form (its id in their form attribute: forms can't nest), so
 * applying or removing a coupon keeps what the shopper typed there, also without JavaScript.
 */
export function CouponSection({
  formId,
  coupons,
  defaultCode,
  error,
  answerKey,
}: {
  formId: string;
  coupons: readonly { id: string; code: string }[];
  defaultCode: string;
  error: string | null;
  /** Changes with each answer to a coupon change. */
  answerKey: number;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const applyButton = useRef<HTMLButtonElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  // With JavaScript the page stays: the field shows the answer's code (empty once applied). It is set, not
  // re-created: a focused field that is removed blurs, and the blur would validate (submit) the payment form.
  useEffect(() => {
    if (answerKey && codeInput.current) codeInput.current.value = defaultCode;
    // Only a new answer sets the field; typing in it must not be undone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answerKey]);
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  // With JavaScript the form is sent without the card number and security code (a coupon has no use for them)
  // and without the form's own validation: the shopper may not have got to the card fields yet.
  const change = (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    if (!button.form) return;
    event.preventDefault();
    const formData = new FormData(button.form);
    for (const name of SECRET_FIELDS) formData.delete(name);
    formData.set(button.name, button.value);
    submit(formData, { method: "post" });
  };
  return (
    <section aria-labelledby="checkout-coupons-title" className="checkout-coupons">
      <h3 id="checkout-coupons-title">Coupons</h3>
      <div className="store-inline-form">
        <Field
          inputRef={codeInput}
          label="Coupon code"
          name="couponCode"
          form={formId}
          defaultValue={defaultCode}
          autoComplete="off"
          maxLength={COUPON_CODE_MAX_LENGTH}
          errors={error ? [error] : null}
          onKeyDown={(event) => {
            // Enter here means the code: the form's own first button, which Enter would press, is Continue to review.
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            event.preventDefault();
            applyButton.current?.click();
          }}
        />
        <Button
          buttonRef={applyButton}
          form={formId}
          name="intent"
          value="applyCoupon"
          variant="neutral"
          pending={busy("applyCoupon")}
          pendingLabel="Applying…"
          onClick={change}
        >
          Apply
        </Button>
      </div>
      {coupons.length > 0 ? (
        <ul className="store-coupons" aria-label="Applied coupons">
          {coupons.map((coupon) => (
            <li key={coupon.id} className="store-coupon">
              <span className="store-coupon__code">{coupon.code}</span>
              <Button
                form={formId}
                name="intent"
                value={`${REMOVE_COUPON}${coupon.id}`}
                variant="link"
                size="small"
                pending={busy(`${REMOVE_COUPON}${coupon.id}`)}
                onClick={change}
              >
                Remove<span className="kit-visually-hidden"> coupon {coupon.code}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
