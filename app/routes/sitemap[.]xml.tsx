/** GET /sitemap.xml: the sitemap index, naming the categories' and products' shards (/sitemap/…). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapIndexDocument } from "~/shop.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return sitemapIndexDocument(request, context);
}
