/** POST /logout: the header's "Log Out" button (the session validator's too). A GET only goes home (signing out is never a link's side effect). */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getShop } from "~/shop.server";

export async function loader() {
  return redirect("/");
}

// Not through withShop: a session past its expiry is signed out like any other, not sent to sign in again first.
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = await getShop(request, context);
  return shop.account.signOut();
}
