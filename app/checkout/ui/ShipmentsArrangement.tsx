import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/Button";
import { Field } from "~/components/Field";
import { SelectField } from "~/components/SelectField";
import { moreItemsNote, MOVE_FIELDS, type Shipments } from "~/checkout/model/shipments";

/** Split shipment: each shipment's items, a "Move" form per line, "Add a shipment". Plain POST forms. */
export function ShipmentsArrangement({
  page,
  moveError,
}: {
  page: Shipments;
  moveError: { lineId: string | null; error: string } | null;
}) {
  const navigation = useNavigation();
  const busy = (intent: string, key?: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (key === undefined ||
      navigation.formData?.get(MOVE_FIELDS.lineId) === key ||
      navigation.formData?.get("groupId") === key);
  const all = [...page.shipments.map((s) => ({ id: s.id, label: s.label })), ...page.emptyShipments];

  return (
    <section aria-labelledby="shipments-title" className="checkout-section checkout-shipments">
      <h3 id="shipments-title">Shipments</h3>
      <p className="store-muted">Send items to different addresses: add a shipment, then move items to it.</p>
      {page.shipments.map((shipment) => {
        const targets = all.filter((s) => s.id !== shipment.id);
        return (
          <div key={shipment.id} className="checkout-shipment">
            <h4>{shipment.label}</h4>
            <ul className="checkout-shipment__items">
              {shipment.items.map((line) => {
                const error = moveError && moveError.lineId === line.id ? moveError.error : null;
                return (
                  <li key={line.id} className="checkout-shipment__item">
                    <span className="checkout-shipment__name">
                      {line.name} <span className="store-muted">× {line.quantity}</span>
                    </span>
                    {targets.length > 0 ? (
                      <Form
                        method="post"
                        className="checkout-move"
                        aria-label={`Move ${line.name} from ${shipment.label}`}
                      >
                        <input type="hidden" name={MOVE_FIELDS.lineId} value={line.id} />
                        <SelectField
                          label="Move to"
                          name={MOVE_FIELDS.target}
                          options={targets.map((t) => ({ value: t.id, label: t.label }))}
                        />
                        <Field
                          label="Quantity to move"
                          name={MOVE_FIELDS.quantity}
                          defaultValue={String(line.quantity)}
                          inputMode="numeric"
                          maxLength={12}
                          limitNotice={false}
                          errors={error ? [error] : null}
                          className="kit-field--quantity"
                        />
                        <Button
                          name="intent"
                          value="move"
                          variant="neutral"
                          size="small"
                          pending={busy("move", line.id)}
                        >
                          Move
                        </Button>
                      </Form>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {moreItemsNote(shipment) ? <p className="store-muted">{moreItemsNote(shipment)}</p> : null}
          </div>
        );
      })}
      {page.emptyShipments.map((shipment) => (
        <div key={shipment.id} className="checkout-shipment checkout-shipment--empty">
          <h4>{shipment.label}</h4>
          <p className="store-muted">No items yet. Move items here from another shipment.</p>
          <Form method="post">
            <input type="hidden" name="groupId" value={shipment.id} />
            <Button
              name="intent"
              value="removeShipment"
              variant="link"
              size="small"
              pending={busy("removeShipment", shipment.id)}
            >
              Remove {shipment.label}
            </Button>
          </Form>
        </div>
      ))}
      <Form method="post" className="checkout-add-shipment">
        <Button
          name="intent"
          value="addShipment"
          variant="neutral"
          pending={busy("addShipment")}
          pendingLabel="Adding…"
        >
          Add a shipment
        </Button>
      </Form>
    </section>
  );
}
