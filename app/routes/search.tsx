import type { LinksFunction, MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/Button";
import { STORE_NAME } from "~/lib/brand";
import { ProductResults } from "~/catalog/ui/ProductResults";
import { ProductSort } from "~/catalog/ui/ProductSort";
import { ActiveFilters, FilteredEmpty, FilterPanel, useFilterView } from "~/catalog/ui/FilterPanel";
import { filterData, readFilters, refinementsOf, showsFilterPanel } from "~/catalog/model/filters";
import filterStyles from "~/styles/filters.css?url";
import { readPage } from "~/lib/paging";
import { withShop, serverTimingHeaders } from "~/shop.server";
import { seoTags } from "~/seo/model/meta-tags";
import { StructuredData } from "~/seo/ui/StructuredData";

const MAX_TERM_LENGTH = 200;

// A search's results stay out of the index (its PageSeo says noindex), described for a shared link all the same.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.term ? `Search results for “${data.term}” | ${STORE_NAME}` : `Search | ${STORE_NAME}` },
  ...(data?.seo ? seoTags(data.seo) : [{ name: "robots", content: "noindex" }]),
];

export const headers = serverTimingHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: filterStyles }];

export async function loader(args: LoaderFunctionArgs) {
  return withShop(
    args,
    async ({ request, shop }) => {
      const url = new URL(request.url);
      const term = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_TERM_LENGTH);
      const chosen = readFilters(url.searchParams);
      const { facets, priceCurrency, filtersRefused, ...results } = await shop.catalog.search(term, {
        page: readPage(url.searchParams),
        sort: url.searchParams.get("sort"),
        refinements: refinementsOf(chosen),
      });
      return shop.reply({
        term,
        ...results,
        filters: filterData(facets, priceCurrency, filtersRefused, url.searchParams),
        seo: shop.seo.search(term, results),
      });
    },
    { browsing: true },
  );
}

export default function Search() {
  const { term, products, total, paging, sorts, sort, filters: found, seo } = useLoaderData<typeof loader>();
  const filters = useFilterView(found);
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
      {term ? (
        <div className={showsFilterPanel(filters) ? "store-listing store-listing--filtered" : "store-listing"}>
          <FilterPanel view={filters} />
          <div className="store-listing__results">
            <ActiveFilters view={filters} />
            {products.length > 0 ? (
              <ProductSort options={sorts} value={sort} hidden={[["q", term], ...filters.chosen]} />
            ) : null}
            <ProductResults
              products={products}
              total={total}
              paging={paging}
              emptyMessage={
                filters.active.length ? (
                  <FilteredEmpty view={filters} />
                ) : (
                  `No products match “${term}”. Check the spelling or try a more general word.`
                )
              }
            >
              <p>
                <Link to="/">Browse the categories</Link>
              </p>
            </ProductResults>
          </div>
        </div>
      ) : (
        <p className="store-muted">Type a product name, SKU or word to search the catalog.</p>
      )}
      <StructuredData blocks={seo.jsonLd} />
    </div>
  );
}
