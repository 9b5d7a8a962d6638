/**
 * /OrderLookup (and, through OrderLookup_.$recordId.tsx, /OrderLookup/{recordId}): the Order Lookup view.
 * Guests give the order number and their e-mail address, signed-in buyers the number alone; a match opens
 * /OrderSummary/{orderNumber} as a new document.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OrderLookupPage } from "~/orders/ui/OrderLookupPage";
import { seoMeta } from "~/orders/ui/PageRegions";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { withShop, serverTimingHeaders } from "~/shop.server";
import { ORDER_LOOKUP_TITLE } from "~/orders/model";
import ordersStyles from "~/styles/orders.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(ORDER_LOOKUP_TITLE, data?.seo);

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) => {
    const orderNumber = new URL(request.url).searchParams.get("orderNumber");
    return shop.reply(await shop.orders.lookupForm(params.recordId, orderNumber));
  });
}

/**
 * The lookup form: validated with the same schema as the browser (nothing reaches the API otherwise). A match
 * loads the order summary as a new document (spec: "the page reloads"); otherwise the form again, as typed, with
 * the toast the handler flashed.
 */
export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => shop.orders.submitLookup(await request.formData()));
}

export default function OrderLookupRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <OrderLookupPage
      isGuest={data.isGuest}
      orderNumber={data.orderNumber}
      constraint={data.constraint}
      providerKey={data.providerKey}
      dataLayer={{ ...data.dataLayer }}
      lastResult={actionData?.result}
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
