/**
 * /OrderLookup (and, through OrderLookup_.$recordId.tsx, /OrderLookup/{recordId}): the Order Lookup view.
 * Guests give the order number and their e-mail address, signed-in buyers the number alone; a match opens
 * /OrderSummary/{orderNumber} as a new document.
 */
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirectDocument,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OrderLookupPage } from "~/orders/ui/OrderLookupPage";
import { seoMeta } from "~/orders/ui/PageRegions";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { formConstraint, withShop, serverTimingHeaders } from "~/shop.server";
import { orderLookupSchema, parseWithZod } from "~/orders/forms/orders-forms.server";
import { ORDER_LOOKUP_TITLE, orderNumberFromQuery } from "~/orders/model";
import { orderSummaryPath } from "~/lib/paths";
import ordersStyles from "~/styles/orders.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(ORDER_LOOKUP_TITLE, data?.seo);

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, params, shop }) => {
    const recordId = params.recordId?.trim() || null;
    const orderNumber = orderNumberFromQuery(new URL(request.url).searchParams.get("orderNumber"));
    const page = await shop.orders.lookupPage(recordId, orderNumber);
    return shop.reply({ ...page, constraint: formConstraint(orderLookupSchema({ isGuest: page.isGuest })) });
  });
}

/**
 * The lookup form: validated with the same schema as the browser (nothing reaches the API otherwise). A match
 * loads the order summary as a new document (spec: "the page reloads"); otherwise the form again, as typed, with
 * the toast the handler flashed.
 */
export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    const schema = orderLookupSchema({ isGuest: !shop.shopper.isLoggedIn });
    const submission = parseWithZod(await request.formData(), { schema });
    if (submission.status !== "success") return shop.reply({ result: submission.reply() }, { status: 400 });
    const found = await shop.orders.lookup(submission.value);
    if (!found) return shop.reply({ result: submission.reply() });
    return redirectDocument(orderSummaryPath(found), { status: 303, headers: await shop.headers() });
  });
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
