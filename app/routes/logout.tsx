/** POST /logout: the header's "Log Out" button (the session validator's too). A GET only goes home (signing out is never a link's side effect). */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "~/webstore.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context);
}
