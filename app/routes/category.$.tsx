/**
 * Category results: `/category/{categoryId}` or, as linked from the store, `/category/{slug}/{categoryId}`.
 */
import type { LinksFunction, MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { STORE_NAME } from "~/lib/brand";
import { errorTitle, pageFailure } from "~/components/store/PageError";
import { ProductResults } from "~/catalog/ui/ProductResults";
import { ProductSort } from "~/catalog/ui/ProductSort";
import { ActiveFilters, FilteredEmpty, FilterPanel, useFilterView } from "~/catalog/ui/FilterPanel";
import { filterData, readFilters, refinementsOf, showsFilterPanel } from "~/catalog/model/filters";
import filterStyles from "~/styles/filters.css?url";
import { categoryPath, idFromSplat } from "~/lib/paths";
import { readPage } from "~/lib/paging";
import { withShop, serverTimingHeaders } from "~/shop.server";
import { seoTags } from "~/seo/model/meta-tags";
import { StructuredData } from "~/seo/ui/StructuredData";

// When the ErrorBoundary renders, the title says what it says: "not found" only for a 404.
export const meta: MetaFunction<typeof loader> = ({ data: page, error }) => [
  {
    title:
      page?.category && !error
        ? `${page.category.name} | ${STORE_NAME}`
        : `${errorTitle(pageFailure(error), "Category not found")} | ${STORE_NAME}`,
  },
  ...(page?.category && !error
    ? [{ name: "description", content: page.seo.openGraph.description }, ...seoTags(page.seo)]
    : []),
];

export const headers = serverTimingHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: filterStyles }];

// A plain Response, as the product page's.
const notFound = () => new Response("Category not found", { status: 404 });

export async function loader(args: LoaderFunctionArgs) {
  return withShop(
    args,
    async ({ request, params, shop }) => {
      // `.md` at the end (or Accept: text/markdown) asks for the page's markdown view.
      const view = shop.seo.view(params["*"], request.headers.get("Accept"));
      const categoryId = idFromSplat(view.splat);
      if (!categoryId) throw notFound();
      const url = new URL(request.url);
      const chosen = readFilters(url.searchParams);
      const page = await shop.catalog.category(categoryId, {
        page: readPage(url.searchParams),
        sort: url.searchParams.get("sort"),
        refinements: refinementsOf(chosen),
      });
      if (!page) throw notFound();
      if (view.markdown) shop.seo.categoryMarkdown(page);
      const { facets, priceCurrency, filtersRefused, ...listing } = page;
      return shop.reply({
        ...listing,
        filters: filterData(facets, priceCurrency, filtersRefused, url.searchParams),
        seo: shop.seo.category(page, url.searchParams),
      });
    },
    { browsing: true },
  );
}

export default function CategoryPage() {
  const {
    category,
    trail,
    children,
    products,
    total,
    paging,
    sorts,
    sort,
    filters: found,
    seo,
  } = useLoaderData<typeof loader>();
  const filters = useFilterView(found);
  const crumbs = (trail.length ? trail : [category]).map((c, index, all) => ({
    label: c.name,
    url: index === all.length - 1 ? undefined : categoryPath(c),
  }));
  return (
    <div className="store-page">
      <Breadcrumbs items={crumbs} />
      <h1>{category.name}</h1>
      {category.description ? <p className="store-lead">{category.description}</p> : null}
      {children.length > 0 ? (
        <nav aria-label="Subcategories" className="store-subcategories">
          <ul>
            {children.map((child) => (
              <li key={child.id}>
                <Link to={categoryPath(child)} className="store-chip">
                  {child.name}
                  {child.productCount !== null ? (
                    <span className="store-chip__count"> ({child.productCount})</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className={showsFilterPanel(filters) ? "store-listing store-listing--filtered" : "store-listing"}>
        <FilterPanel view={filters} />
        <div className="store-listing__results">
          <ActiveFilters view={filters} />
          {products.length > 0 ? <ProductSort options={sorts} value={sort} hidden={filters.chosen} /> : null}
          <ProductResults
            products={products}
            total={total}
            paging={paging}
            emptyMessage={
              filters.active.length ? <FilteredEmpty view={filters} /> : `No products match “${category.name}” yet.`
            }
          >
            <p>
              <Link to="/">Back to the home page</Link>
            </p>
          </ProductResults>
        </div>
      </div>
      <StructuredData blocks={seo.jsonLd} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/store/PageError";
