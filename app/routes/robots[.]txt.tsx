/** GET /robots.txt: what crawlers may not crawl (a shopper's own pages, refined searches) and where the sitemap is. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsDocument } from "~/shop.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return robotsDocument(request, context);
}
