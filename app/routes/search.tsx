import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/Button";
import { STORE_NAME } from "~/components/store/Header";
import { ProductResults } from "~/components/store/ProductResults";
import type { ProductCardView } from "~/components/store/product";
import { ProductSort } from "~/components/store/ProductSort";
import { pagingFromTotal, readPage, searchPage } from "~/components/store/urls";
import { chosenSort, productCards, sortChoices } from "~/catalog.server";
import { getBrowsingWebstore, serverTimingHeaders } from "~/webstore.server";

export const SEARCH_PAGE_SIZE = 12;
const MAX_TERM_LENGTH = 200;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.term ? `Search results for “${data.term}” | ${STORE_NAME}` : `Search | ${STORE_NAME}` },
  { name: "robots", content: "noindex" },
];

export const headers = serverTimingHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const term = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_TERM_LENGTH);
  const page = readPage(url.searchParams);
  const ws = await getBrowsingWebstore(request, context);
  const sorts = await sortChoices(ws);
  const sort = chosenSort(sorts, url.searchParams.get("sort"));
  if (!term) {
    return ws.reply({
      term,
      products: [] as ProductCardView[],
      total: 0,
      paging: pagingFromTotal(0, SEARCH_PAGE_SIZE, 1),
      sorts,
      sort,
    });
  }
  // The URL's page is 1-based for shoppers; the API's is 0-based. One request brings the page and its prices.
  const { apiPage, beyond } = searchPage(page, SEARCH_PAGE_SIZE);
  const answer = await ws.client.searchProducts({
    searchTerm: term,
    page: apiPage,
    pageSize: SEARCH_PAGE_SIZE,
    sortRuleId: sort ?? undefined,
    includePrices: true,
  });
  const total = answer?.productsPage?.total ?? 0;
  const products = beyond ? [] : await productCards(ws, answer?.productsPage);
  return ws.reply({ term, products, total, paging: pagingFromTotal(total, SEARCH_PAGE_SIZE, page), sorts, sort });
}

export default function Search() {
  const { term, products, total, paging, sorts, sort } = useLoaderData<typeof loader>();
  return (
    <div className="store-page">
      <h1>{term ? `Search results for “${term}”` : "Search"}</h1>
      <Form
        method="get"
        action="/search"
        role="search"
        aria-label="Search results"
        className="store-inline-form store-search-form"
      >
        <label htmlFor="search-page-q" className="kit-visually-hidden">
          Search products
        </label>
        <input id="search-page-q" type="search" name="q" defaultValue={term} key={term} className="kit-input" />
        <Button>Search</Button>
      </Form>
      {term && products.length > 0 ? <ProductSort options={sorts} value={sort} hidden={{ q: term }} /> : null}
      {term ? (
        <ProductResults
          products={products}
          total={total}
          paging={paging}
          emptyMessage={`No products match “${term}”. Check the spelling or try a more general word.`}
        >
          <p>
            <Link to="/">Browse the categories</Link>
          </p>
        </ProductResults>
      ) : (
        <p className="store-muted">Type a product name, SKU or word to search the catalog.</p>
      )}
    </div>
  );
}
