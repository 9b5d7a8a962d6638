/** GET /sitemap/products/N.xml and /sitemap/categories/N.xml: one shard of the sitemap (streamed). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapShardDocument } from "~/shop.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return sitemapShardDocument(request, context, params["*"]);
}
