/**
 * /OrderLookup (and, through OrderLookup_.$recordId.tsx, /OrderLookup/{recordId}): the Order Lookup view.
 * Guests give the order number and their e-mail address, signed-in buyers the number alone; a match opens
 * /OrderSummary/{orderNumber} as a new document.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OrderLookupPage } from "~/components/orders/OrderLookupPage";
import { seoMeta } from "~/components/orders/PageRegions";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { ORDER_LOOKUP_TITLE } from "~/lib/orders";
import { orderLookupAction, orderLookupLoader } from "~/orders.server";
import ordersStyles from "~/styles/orders.css";
import { serverTimingHeaders } from "~/webstore.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles as unknown as string }];

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(ORDER_LOOKUP_TITLE, data?.seo);

export const headers = serverTimingHeaders;

export const loader = (args: LoaderFunctionArgs) => orderLookupLoader(args);

export const action = (args: ActionFunctionArgs) => orderLookupAction(args);

export default function OrderLookupRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <OrderLookupPage
      isGuest={data.isGuest}
      orderNumber={data.orderNumber}
      providerKey={data.providerKey}
      dataLayer={{ ...data.dataLayer }}
      lastResult={actionData?.result}
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
