/**
 * The LWR site's logout path (spec §2: webruntime/logout under the site base path). Signing out changes state, so
 * only a POST does it (the session-timeout dialog's "Log Out" posts here, with or without JavaScript); a GET — a
 * link, a bookmark, a prefetch, or another site's <img> — shows a page asking to confirm with the same button.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useIsPending, Button } from "~/components/Button";
import { LOG_OUT_LABEL } from "~/lib/links";
import { STORE_NAME } from "~/lib/brand";
import { getShop, withShop } from "~/shop.server";

export const LOGOUT_CONFIRM_TITLE = "Log out?";

export const meta: MetaFunction = () => [{ title: `Log out | ${STORE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ shop }) =>
    shop.reply({ isLoggedIn: shop.shopper.isLoggedIn, firstName: shop.shopper.firstName ?? null }),
  );
}

// Not through withShop: a session past its expiry is signed out like any other, not sent to sign in again first.
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = await getShop(request, context);
  return shop.account.signOut();
}

export default function LogoutPage() {
  const { isLoggedIn, firstName } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  return (
    <div className="store-page store-narrow">
      <h1>{isLoggedIn ? LOGOUT_CONFIRM_TITLE : "You're not signed in"}</h1>
      {isLoggedIn ? (
        <>
          <p>
            {firstName ? `You're signed in as ${firstName}.` : "You're signed in."} Log out of {STORE_NAME} on this
            browser?
          </p>
          <Form method="post" className="store-form">
            <Button pending={pending} pendingLabel="Logging out…">
              {LOG_OUT_LABEL}
            </Button>
          </Form>
          <p>
            <Link to="/">Keep shopping</Link>
          </p>
        </>
      ) : (
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      )}
    </div>
  );
}
