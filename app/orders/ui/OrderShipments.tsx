/**
 * The order page's "Shipments": each shipment with its carrier, tracking number (a link to the carrier's tracking
 * page where there is one), status, dates and the lines it carried; "Not shipped yet" before the first, the lines
 * still to ship while only part has, and a sentence instead when shipments can't be shown (the order still shows).
 */
import { formatDate } from "~/lib/format/formats";
import { useStoreLocale } from "~/components/StoreLocale";
import type { OrderShipments, ShipmentView } from "~/orders/model";

function Shipment({ shipment, index }: { shipment: ShipmentView; index: number }) {
  const locale = useStoreLocale();
  const date = (value: string | null) => (value ? formatDate(value, "medium", { locale }) : null);
  const headingId = `shipment-${index + 1}`;
  const title = `Shipment ${index + 1}`;
  return (
    <li className="orders-shipment" aria-labelledby={headingId}>
      <h3 id={headingId} className="orders-shipment__title">
        {title}: <span className="orders-shipment__status">{shipment.status}</span>
      </h3>
      <dl className="orders-facts">
        {shipment.carrier ? (
          <div className="orders-facts__item">
            <dt>Carrier</dt>
            <dd>{shipment.carrier}</dd>
          </div>
        ) : null}
        {shipment.trackingNumber ? (
          <div className="orders-facts__item">
            <dt>Tracking number</dt>
            <dd>
              {shipment.trackingUrl ? (
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {shipment.trackingNumber}
                  <span className="kit-visually-hidden">
                    {" "}
                    (track with {shipment.carrier ?? "the carrier"}, opens in a new tab)
                  </span>
                </a>
              ) : (
                shipment.trackingNumber
              )}
            </dd>
          </div>
        ) : null}
        {shipment.deliveryMethod ? (
          <div className="orders-facts__item">
            <dt>Delivery method</dt>
            <dd>{shipment.deliveryMethod}</dd>
          </div>
        ) : null}
        {shipment.shippedDate ? (
          <div className="orders-facts__item">
            <dt>Shipped</dt>
            <dd>{date(shipment.shippedDate)}</dd>
          </div>
        ) : null}
        {shipment.deliveredDate ? (
          <div className="orders-facts__item">
            <dt>Delivered</dt>
            <dd>{date(shipment.deliveredDate)}</dd>
          </div>
        ) : shipment.expectedDeliveryDate ? (
          <div className="orders-facts__item">
            <dt>Expected delivery</dt>
            <dd>{date(shipment.expectedDeliveryDate)}</dd>
          </div>
        ) : null}
      </dl>
      {shipment.lines.length > 0 ? (
        <ul className="orders-shipment__lines" aria-label={`Items in ${title}`}>
          {shipment.lines.map((line, n) => (
            <li key={`${line.orderItemSummaryId ?? n}`}>
              {line.name}
              {line.sku ? <span className="store-muted"> · SKU {line.sku}</span> : null} × {line.quantity}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function OrderShipmentsSection({ shipments }: { shipments: OrderShipments }) {
  return (
    <section className="orders-shipments" aria-labelledby="order-shipments-title">
      <h2 id="order-shipments-title">Shipments</h2>
      {shipments.kind === "unavailable" ? (
        <p role="status">We can&apos;t show this order&apos;s shipments right now. Try again in a moment.</p>
      ) : shipments.kind === "not-for-guests" ? (
        <p className="store-muted">Shipment tracking is shown to signed-in buyers on their order pages.</p>
      ) : shipments.shipments.length === 0 ? (
        <p>Not shipped yet.</p>
      ) : (
        <>
          {shipments.unshipped.length > 0 ? (
            <div className="orders-shipments__pending">
              <p>Part of this order has shipped. Not shipped yet:</p>
              <ul>
                {shipments.unshipped.map((line, n) => (
                  <li key={`${n}-${line.name}`}>
                    {line.name} × {line.quantity}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <ol className="orders-shipments__list">
            {shipments.shipments.map((shipment, index) => (
              <Shipment key={shipment.id} shipment={shipment} index={index} />
            ))}
          </ol>
          {shipments.more ? <p className="store-muted">More shipments than shown here.</p> : null}
        </>
      )}
    </section>
  );
}
