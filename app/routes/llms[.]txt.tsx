/** GET /llms.txt (llmstxt.org): what the store is and how an agent reads it (its markdown views, search, sitemap). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { llmsDocument } from "~/shop.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return llmsDocument(request, context);
}
