/** One shipment on the delivery step: its method, desired date, instructions and gift options. */
import { Link } from "@remix-run/react";
import { DatePicker } from "~/components/DatePicker";
import { Field, type FieldMeta } from "~/components/Field";
import { useStoreLocale } from "~/components/StoreLocale";
import {
  addressLines,
  DELIVERY_TEXT_MAX,
  moreItemsNote,
  shippingFeeText,
  type Gifting,
  type Shipment,
} from "~/checkout/model/shipments";
import { stepPath } from "~/lib/paths";
import { RadioGroup, RadioOption } from "~/components/RadioGroup";

export function ShipmentDelivery(props: {
  shipment: Shipment;
  multiple: boolean;
  minDate: string;
  gifting: Gifting;
  groupIdName: string;
  method: FieldMeta;
  desiredDate: FieldMeta;
  instructions: FieldMeta;
  isGift: FieldMeta;
  giftToName: FieldMeta;
  giftMessage: FieldMeta;
  giftWrap: FieldMeta;
}) {
  const { shipment, multiple, gifting, method } = props;
  const locale = useStoreLocale();
  const headingId = `${method.id}-heading`;
  const chosen = typeof method.initialValue === "string" ? method.initialValue : "";
  return (
    <section aria-labelledby={headingId} className="checkout-section checkout-delivery">
      <input type="hidden" name={props.groupIdName} value={shipment.id} />
      <h3 id={headingId}>{multiple ? shipment.label : "Your shipment"}</h3>
      <p className="checkout-delivery__to">
        <span className="store-muted">Ships to </span>
        {addressLines(shipment.address).join(", ")}{" "}
        <Link to={stepPath("shipping")}>
          Change<span className="kit-visually-hidden"> the address of {shipment.label}</span>
        </Link>
      </p>
      {shipment.items.length > 0 ? (
        <p className="store-muted">
          {[
            ...shipment.items.map((line) => `${line.name}${line.term ? `, ${line.term}` : ""} (${line.quantity})`),
            moreItemsNote(shipment),
          ]
            .filter(Boolean)
            .join("; ")}
        </p>
      ) : null}
      {shipment.methods.length === 0 ? (
        <p role="alert" className="store-form-error">
          No delivery method ships to this address. <Link to={stepPath("shipping")}>Choose another address</Link>.
        </p>
      ) : (
        <RadioGroup
          id={method.id}
          legend={multiple ? `Delivery method for ${shipment.label}` : "Delivery method"}
          errors={method.errors}
        >
          {shipment.methods.map((option, index) => (
            <RadioOption
              key={`${option.id}-${method.key ?? ""}`}
              id={index === 0 ? method.id : `${method.id}-${index}`}
              name={method.name}
              value={option.id}
              defaultChecked={chosen === option.id}
              invalid={!!method.errors?.length}
              label={
                <>
                  {option.name}{" "}
                  <span className="checkout-radio__fee">{shippingFeeText(option.fee, option.currency, locale)}</span>
                </>
              }
              detail={[option.carrier, option.transit].filter(Boolean).join(", ")}
            />
          ))}
        </RadioGroup>
      )}
      <DatePicker label="Desired delivery date" meta={props.desiredDate} min={props.minDate} />
      <Field label="Shipping instructions" meta={props.instructions} maxLength={DELIVERY_TEXT_MAX} autoComplete="off" />
      {gifting.gift ? (
        <div className="checkout-gift">
          <Field
            type="checkbox"
            value="on"
            label="Send as a gift"
            meta={props.isGift}
            inputClassName="checkout-gift__toggle"
          />
          <div className="checkout-gift__options">
            <Field
              label="Gift for"
              help="The recipient's name, for the gift note."
              meta={props.giftToName}
              maxLength={DELIVERY_TEXT_MAX}
              autoComplete="off"
            />
            {gifting.message ? (
              <Field label="Gift message" meta={props.giftMessage} maxLength={DELIVERY_TEXT_MAX} autoComplete="off" />
            ) : null}
            {gifting.wrap ? <Field type="checkbox" value="on" label="Gift wrap" meta={props.giftWrap} /> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
