/**
 * The LWR site's logout path (spec §2: webruntime/logout under the site base path). It signs out on GET too,
 * as the LWR runtime does, because the session-timeout dialog and external links reach it as plain links.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { signOut } from "~/webstore.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return signOut(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context);
}
