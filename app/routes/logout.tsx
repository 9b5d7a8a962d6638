/** POST /logout: the header's "Log Out" button (the session validator's too). A GET only goes home (signing out is never a link's side effect). */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { withBasePath } from "~/lib/links";
import { basePathOf, signOut } from "~/webstore.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return redirect(withBasePath(basePathOf(context), "/"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context);
}
