/**
 * GET /api/suggest?q=: the header search box's suggestions for what the shopper has typed so far, as JSON
 * (`{term, terms, products}`, app/catalog/catalog.server.ts). The combobox (app/components/store/SearchSuggest.tsx)
 * asks it as the shopper types; a page never does. Without `q` the request is not the box's: 400. Suggestions
 * that can't be read are none (503): the box still searches.
 *
 * The answers are cached by the adapter per term and catalog scope (a B2B buyer's entitlements may differ), and by
 * the box per term for the page's life; the host marks the response private, no-store as every response made from
 * the shopper's session (app/shop/session.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withShop } from "~/shop.server";

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ request, shop }) => {
    // A Response, not shop.reply: a resource route's data() answers 200 whatever status it was given.
    const answer = async <Body,>(body: Body, status = 200) =>
      Response.json(body, { status, headers: await shop.headers() });
    const typed = new URL(request.url).searchParams.getAll("q");
    if (typed.length !== 1) return answer({ message: "Give what was typed as one q parameter." }, 400);
    try {
      return answer(await shop.catalog.suggest(typed[0]));
    } catch {
      return answer({ term: typed[0], terms: [], products: [] }, 503);
    }
  });
}
