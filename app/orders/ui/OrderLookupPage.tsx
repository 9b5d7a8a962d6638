/**
 * The Order Lookup view (spec §2): one single-column section holding the lookup form, plus the hidden regions
 * (metadata is the route's `meta`; the session validator is mounted once, in the root layout).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { FormConstraint } from "~/components/useZodForm";
import { Column, Section } from "~/components/Section";
import { ORDER_LOOKUP_TITLE } from "~/orders/model";
import { OrderLookupForm } from "./OrderLookupForm";
import { PageDataLayer, ViewChangeNotifier } from "./PageRegions";
import type { Json } from "~/lib/json";

export type OrderLookupPageProps = {
  isGuest: boolean;
  orderNumber: string;
  /** The lookup form's constraints, from the loader. */
  constraint: FormConstraint;
  /** The order provider's key: a new record or shopper gives a fresh form. */
  providerKey: string | null;
  dataLayer: Json;
  lastResult?: SubmissionResult<string[]> | null;
};

export function OrderLookupPage({
  isGuest,
  orderNumber,
  constraint,
  providerKey,
  dataLayer,
  lastResult,
}: OrderLookupPageProps) {
  return (
    <div className="store-page orders-page">
      <Section
        aria-labelledby="order-lookup-title"
        direction={{ desktop: "column", tablet: "column", mobile: "column" }}
      >
        <Column width={12} className="orders-lookup__column">
          <div className="orders-lookup__intro">
            <h1 id="order-lookup-title">{ORDER_LOOKUP_TITLE}</h1>
            <p className="store-muted">
              {isGuest
                ? "Enter your order number and the email address you used at checkout."
                : "Enter the number of an order placed for your account."}
            </p>
          </div>
          <OrderLookupForm
            key={`${providerKey ?? ""}|${isGuest ? "guest" : "buyer"}`}
            isGuest={isGuest}
            orderNumber={orderNumber}
            constraint={constraint}
            lastResult={lastResult}
          />
        </Column>
      </Section>
      <ViewChangeNotifier message={`${ORDER_LOOKUP_TITLE} page`} />
      <PageDataLayer data={dataLayer} />
    </div>
  );
}
