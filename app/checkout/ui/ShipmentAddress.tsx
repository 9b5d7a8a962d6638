/** One shipment's address on the shipping step: a saved address or a new one (a buyer may save it). */
import { AddressForm, type AddressFieldsetMeta } from "~/components/AddressForm";
import { Field, type FieldMeta } from "~/components/Field";
import { moreItemsNote, NEW_ADDRESS, type SavedAddress, type Shipment } from "~/checkout/model/shipments";
import { RadioGroup, RadioOption } from "~/components/RadioGroup";

export function ShipmentAddress({
  shipment,
  multiple,
  saved,
  countries,
  guest,
  groupIdName,
  choice,
  address,
  save,
}: {
  shipment: Shipment;
  multiple: boolean;
  saved: readonly SavedAddress[];
  countries: readonly string[];
  guest: boolean;
  groupIdName: string;
  choice: FieldMeta;
  address: AddressFieldsetMeta;
  save: FieldMeta;
}) {
  const legend = multiple ? `Shipping address for ${shipment.label}` : "Shipping address";
  const items = [...shipment.items.map((line) => `${line.name} (${line.quantity})`), moreItemsNote(shipment)]
    .filter(Boolean)
    .join(", ");
  const hidden = <input type="hidden" name={groupIdName} value={shipment.id} />;
  if (guest || saved.length === 0) {
    return (
      <div className="checkout-shipment-address">
        {hidden}
        <input type="hidden" name={choice.name} value={NEW_ADDRESS} />
        {multiple ? <p className="store-muted">{`${shipment.label}: ${items}`}</p> : null}
        <AddressForm meta={address} countries={countries} legend={legend} autoCompleteSection="shipping" />
        {guest ? null : <Field type="checkbox" value="on" label="Save to my addresses" meta={save} />}
      </div>
    );
  }
  const chosen = typeof choice.initialValue === "string" ? choice.initialValue : NEW_ADDRESS;
  return (
    <div className="checkout-shipment-address">
      {hidden}
      <RadioGroup
        id={choice.id}
        legend={legend}
        errors={choice.errors}
        className="checkout-address-choice checkout-address-choice--radios"
        help={multiple ? `${shipment.label}: ${items}` : undefined}
      >
        {saved.map((option, index) => (
          <RadioOption
            key={`${option.id}-${choice.key ?? ""}`}
            id={index === 0 ? choice.id : `${choice.id}-${index}`}
            name={choice.name}
            value={option.id}
            defaultChecked={chosen === option.id}
            label={option.label}
            detail={option.lines.join(", ")}
          />
        ))}
        <RadioOption
          key={`new-${choice.key ?? ""}`}
          id={`${choice.id}-new`}
          name={choice.name}
          value={NEW_ADDRESS}
          defaultChecked={chosen === NEW_ADDRESS}
          label="Use a new address"
          className="checkout-radio--new"
        />
        <div className="checkout-new-address">
          <AddressForm meta={address} countries={countries} legend="New address" autoCompleteSection="shipping" />
          <Field type="checkbox" value="on" label="Save to my addresses" meta={save} />
        </div>
      </RadioGroup>
    </div>
  );
}
