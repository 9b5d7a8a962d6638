/**
 * The order summary page's body: the order's facts and totals, each delivery group with its items, the
 * order's promotions and payments, and "Buy again". Everything comes from the order provider's data
 * (orders/model); this file only lays it out.
 */
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import type { ReactNode } from "react";
import { useStoreHref } from "~/components/store-href";
import { Price } from "~/components/Price";
import { formatDate, formatPhone } from "~/lib/format/formats";
import {
  groupItemsParam,
  itemsLimit,
  pageOfItems,
  type OrderAdjustment,
  type OrderData,
  type OrderDeliveryGroup,
  type OrderLineItem,
} from "~/orders/model";
import { useStoreLocale } from "~/components/StoreLocale";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="orders-facts__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function AdjustmentList({
  adjustments,
  currency,
  label,
}: {
  adjustments: OrderAdjustment[];
  currency: string;
  label: string;
}) {
  if (adjustments.length === 0) return null;
  return (
    <ul className="orders-adjustments" aria-label={label}>
      {adjustments.map((adjustment, index) => (
        <li key={`${index}-${adjustment.displayName}`} className="orders-adjustments__item">
          <span>{adjustment.displayName}</span> <Price amount={adjustment.amount} currency={currency} />
        </li>
      ))}
    </ul>
  );
}

function LineItemImage({ url, alt }: { url: string; alt: string }) {
  const src = useStoreHref(url);
  return <img className="orders-item__image" src={src} alt={alt} width={64} height={64} loading="lazy" />;
}

function LineItem({ item, currency }: { item: OrderLineItem; currency: string }) {
  return (
    <li className="orders-item">
      {item.image ? (
        <LineItemImage url={item.image.url} alt={item.image.alt} />
      ) : (
        <span className="orders-item__image orders-item__image--empty" aria-hidden="true" />
      )}
      <div className="orders-item__info">
        <p className="orders-item__name">{item.name}</p>
        <dl className="orders-item__facts">
          {item.attributes.map((attribute) => (
            <Fact key={attribute.label} term={attribute.label}>
              {attribute.value}
            </Fact>
          ))}
          <Fact term="SKU">{item.sku}</Fact>
          <Fact term="Purchase option">{item.term}</Fact>
          <Fact term="Quantity">{item.quantity === null ? null : String(item.quantity)}</Fact>
          <Fact term="Price">{item.unitPrice ? <Price amount={item.unitPrice} currency={currency} /> : null}</Fact>
        </dl>
        <AdjustmentList adjustments={item.adjustments} currency={currency} label={`Promotions on ${item.name}`} />
      </div>
      <div className="orders-item__total">
        <span className="kit-visually-hidden">Line total: </span>
        <Price amount={item.totalPrice} currency={currency} />
      </div>
    </li>
  );
}

/**
 * The items a group shows and its page links (plain GET links: they work without JavaScript). Items read a page
 * at a time (a buyer's order, `order-summaries/{id}/items`) page by the API's tokens; items that came all at once
 * (a guest's lookup) show a growing number of them.
 */
function itemsPager(group: OrderDeliveryGroup, index: number, searchParams: URLSearchParams, pathname: string) {
  const param = groupItemsParam(index);
  const withParam = (value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(param);
    else next.set(param, value);
    const search = next.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  if (group.itemsPage) {
    const { current, next } = group.itemsPage;
    return {
      shown: group.items,
      more: next ? withParam(next) : null,
      first: current ? withParam(null) : null,
      count: null,
    };
  }
  const page = pageOfItems(group.items, itemsLimit(searchParams, index));
  return {
    shown: page.shown,
    more: page.hasMore ? withParam(String(page.nextLimit)) : null,
    first: null,
    count: page.hasMore ? `${page.shown.length} of ${group.items.length}` : null,
  };
}

function DeliveryGroup({ group, index, currency }: { group: OrderDeliveryGroup; index: number; currency: string }) {
  const locale = useStoreLocale();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const headingId = `delivery-group-${index + 1}`;
  const pager = itemsPager(group, index, searchParams, location.pathname);
  const address = [group.street, [group.city, group.state].filter(Boolean).join(", "), group.postalCode, group.country]
    .filter(Boolean)
    .join(" · ");

  return (
    <section className="orders-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="orders-group__title">
        {group.name}
      </h2>
      <dl className="orders-facts orders-group__facts">
        <Fact term="Deliver to">{group.deliverToName}</Fact>
        <Fact term="Company">{group.companyName}</Fact>
        <Fact term="Address">{address}</Fact>
        <Fact term="Phone">{group.phoneNumber ? formatPhone(group.phoneNumber) : null}</Fact>
        <Fact term="Delivery method">{group.deliveryMethod}</Fact>
        <Fact term="Desired delivery date">
          {group.desiredDeliveryDate ? formatDate(group.desiredDeliveryDate, "medium", { locale }) : null}
        </Fact>
        <Fact term="Gift">{group.isGift ? "Yes" : null}</Fact>
        <Fact term="Gift for">{group.isGift ? group.giftToName : null}</Fact>
        <Fact term="Gift message">{group.giftMessage}</Fact>
        <Fact term="Gift wrap">{group.giftWrap ? "Yes" : null}</Fact>
        <Fact term="Items subtotal">
          {group.totalListAmount ? <Price amount={group.totalListAmount} currency={currency} /> : null}
        </Fact>
        <Fact term={`${group.name} total`}>
          {group.grandTotal ? <Price amount={group.grandTotal} currency={currency} /> : null}
        </Fact>
      </dl>
      <h3 className="kit-visually-hidden">Items in {group.name}</h3>
      {pager.shown.length > 0 ? (
        <ul className="orders-items">
          {pager.shown.map((item) => (
            <LineItem key={item.id} item={item} currency={currency} />
          ))}
        </ul>
      ) : (
        <p className="store-muted">No products in this delivery group.</p>
      )}
      {pager.more || pager.first ? (
        <p className="orders-group__more">
          {pager.more ? (
            <Link to={pager.more} preventScrollReset replace>
              Show more items<span className="kit-visually-hidden"> in {group.name}</span>
            </Link>
          ) : null}{" "}
          {pager.first ? (
            <Link to={pager.first} preventScrollReset replace>
              First items<span className="kit-visually-hidden"> of {group.name}</span>
            </Link>
          ) : null}{" "}
          {pager.count ? <span className="store-muted">({pager.count})</span> : null}
        </p>
      ) : null}
    </section>
  );
}

export function OrderDetails({ order }: { order: OrderData }) {
  const { summary } = order;
  const currency = summary.currencyIsoCode;
  const locale = useStoreLocale();
  const reordering = useIsPending({ intent: "reorder" });
  const totals = summary.totals;

  return (
    <div className="orders-details">
      <section className="orders-details__header" aria-labelledby="order-facts-title">
        <h2 id="order-facts-title" className="kit-visually-hidden">
          Order information
        </h2>
        <dl className="orders-facts">
          <Fact term="Order Number">{summary.orderNumber}</Fact>
          <Fact term="Ordered Date">
            {summary.orderedDate ? formatDate(summary.orderedDate, "medium", { locale }) : null}
          </Fact>
          <Fact term="Status">{summary.status}</Fact>
        </dl>
        <Form method="post" className="orders-details__reorder">
          <Button name="intent" value="reorder" variant="brand" pending={reordering} pendingLabel="Adding to cart…">
            Buy again
          </Button>
        </Form>
      </section>

      <div className="orders-details__layout">
        <div className="orders-details__groups">
          {order.deliveryGroups.map((group, index) => (
            <DeliveryGroup key={group.id} group={group} index={index} currency={currency} />
          ))}
        </div>

        <aside className="orders-details__summary" aria-labelledby="order-totals-title">
          <h2 id="order-totals-title">Order Summary</h2>
          <dl className="orders-totals">
            <Fact term="Subtotal">
              {totals.subtotal ? <Price amount={totals.subtotal} currency={currency} /> : null}
            </Fact>
            <Fact term="Discounts">
              {totals.discounts && Number(totals.discounts) !== 0 ? (
                <Price amount={totals.discounts} currency={currency} />
              ) : null}
            </Fact>
            <Fact term="Shipping">
              {totals.shipping ? <Price amount={totals.shipping} currency={currency} /> : null}
            </Fact>
            <Fact term="Tax">{totals.tax ? <Price amount={totals.tax} currency={currency} /> : null}</Fact>
            <Fact term="Total">{totals.total ? <Price amount={totals.total} currency={currency} /> : null}</Fact>
          </dl>

          {order.adjustments.length > 0 ? (
            <>
              <h3>Promotions</h3>
              <AdjustmentList adjustments={order.adjustments} currency={currency} label="Order promotions" />
            </>
          ) : null}

          {order.payments.length > 0 ? (
            <>
              <h3>Payment</h3>
              <ul className="orders-payments">
                {order.payments.map((payment) => (
                  <li key={payment.id}>
                    {payment.label}
                    {payment.amount ? (
                      <>
                        {" "}
                        <Price amount={payment.amount} currency={currency} />
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
